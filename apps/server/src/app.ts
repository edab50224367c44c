import fs from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { accountSummaryNow, accountUpdates } from "./account";
import { accountRoutes } from "./account/routes";
import { socketAuth } from "./auth";
import { authRoutes } from "./auth/routes";
import { depositUsage, reviewQueueUpdates } from "./cashier";
import { cashierOperatorRoutes } from "./cashier/operator-routes";
import { cashierRoutes } from "./cashier/routes";
import { ConversationChannel } from "./chat/channel";
import {
  chatMoves,
  chatPresence,
  chatReads,
  chatTyping,
  conversationChanges,
  userConversationChanges,
} from "./chat/live";
import { chatOperatorRoutes } from "./chat/operator-routes";
import { PRESENCE_REFRESH_MS } from "./chat/presence";
import { chatRoutes } from "./chat/routes";
import { type ChatDeps, chatAnnouncements } from "./chat/service";
import { parseServiceWindow, serviceHoursAt } from "./chat/service-hours";
import { UserMessageDesk } from "./chat/user-messages";
import { contentPublisher } from "./content";
import { contentOperatorRoutes } from "./content/operator-routes";
import { contentRoutes } from "./content/routes";
import { filesRoutes } from "./files/routes";
import { ledgerOperatorRoutes } from "./ledger/operator-routes";
import { limitsOperatorRoutes } from "./limits/operator-routes";
import { riskFigureWorker } from "./limits/risk-figure";
import { riskWarningRoutes } from "./limits/risk-warning-routes";
import { type LimitsDeps, limitsRoutes } from "./limits/routes";
import { createMarket, type Market } from "./market";
import { marketOperatorRoutes } from "./market/operator-routes";
import { marketRoutes } from "./market/routes";
import { broadcastAnnouncements, personalInboxUpdates } from "./messages/live";
import { messageOperatorRoutes } from "./messages/operator-routes";
import { broadcastPublisher } from "./messages/publisher";
import { messageRoutes } from "./messages/routes";
import { operatorSocketAuth } from "./operators";
import { operatorRoutes } from "./operators/operator-routes";
import type { Clock } from "./platform/clock";
import type { Config } from "./platform/config";
import type { RouteContext } from "./platform/context";
import type { Db } from "./platform/db";
import { answerFrameworkError, installErrorHandling } from "./platform/error-handler";
import { inlineScriptSources } from "./platform/inline-scripts";
import { PeriodicJob } from "./platform/periodic-job";
import { RealtimeHub } from "./platform/realtime";
import { createBlobStore } from "./platform/s3-blob-store";
import { secureTransportHeaders } from "./platform/secure-transport";
import { clockControlRoutes, systemRoutes } from "./platform/system-routes";
import { SavingsWorker, savingsUpdates } from "./savings";
import { savingsOperatorRoutes } from "./savings/operator-routes";
import { savingsRoutes, savingsRulesRoutes } from "./savings/routes";
import {
  contractOpenings,
  contractSettlements,
  keepClosedTotals,
  settledNetCounts,
  TradingWorker,
  tradingSince,
  userTradingUsage,
} from "./trading";
import { tradingRoutes } from "./trading/routes";
import {
  loadIdNumberKeys,
  type VerificationDeps,
  verificationQueueUpdates,
  verificationUpdates,
} from "./verification";
import { verificationOperatorRoutes } from "./verification/operator-routes";
import { verificationPhotoRoutes, verificationRoutes } from "./verification/routes";

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | { level: string };
}

export type App = FastifyInstance;

/** The running app's parts, for tests and benches that drive them directly. */
export interface AppServices extends RouteContext {
  realtime: RealtimeHub;
  market: Market;
  trading: TradingWorker;
  savings: SavingsWorker;
  content: PeriodicJob;
  broadcasts: PeriodicJob;
  riskFigures: PeriodicJob;
  supportPresence: PeriodicJob;
}

/** Builds the whole server without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL },
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The app shell's one inline script, by its hash; no other inline script is ever allowed.
        scriptSrc: ["'self'", ...inlineScriptSources([path.join(deps.config.WEB_DIST, "index.html")])],
        // antd-mobile sets inline styles on elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Added per request by secureTransportHeaders: on plain HTTP (a phone on the LAN) it would
        // send every script to an https address that does not answer.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  secureTransportHeaders(app, deps.config.PUBLIC_URL);
  // JSON answers above 1 KB go compressed; the web app's files are compressed once at build and
  // served as they are (preCompressed below). Request bodies are never inflated: a small gzip body
  // could otherwise expand past the body limit's intent.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], globalDecompression: false });
  await app.register(rateLimit, {
    max: deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: "1 minute",
    // The app's own files are not limited: the service worker fetches every chunk on a first visit,
    // which alone is a few hundred requests.
    allowList: (request) => !request.url.startsWith("/api/"),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Tickfair API", version: "1.0.0", description: "Mobile-web trading and savings app" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const market = createMarket(
    { db: deps.db, clock: deps.clock, log: app.log },
    {
      feedEnabled: deps.config.FEED_ENABLED,
      feedSeed: deps.config.FEED_SEED,
      feedIntervalMs: deps.config.FEED_INTERVAL_MS,
      databaseUrl: deps.config.DATABASE_URL,
    },
  );
  const realtime = new RealtimeHub({
    db: deps.db,
    clock: deps.clock,
    databaseUrl: deps.config.DATABASE_URL,
    log: app.log,
    auth: socketAuth({
      db: deps.db,
      clock: deps.clock,
      sessionIdleMs: deps.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000,
    }),
    operatorAuth: operatorSocketAuth({
      db: deps.db,
      clock: deps.clock,
      idleMs: deps.config.OPERATOR_IDLE_MINUTES * 60_000,
    }),
  });
  realtime.addChannel(market.live);
  const figures = { db: deps.db, clock: deps.clock, platformTz: deps.config.PLATFORM_TZ };
  realtime.addUserEvent("account.changed", accountUpdates(figures));
  realtime.addUserEvent("contracts.opened", contractOpenings(deps.db));
  realtime.addUserEvent(
    "contracts.settled",
    contractSettlements({ db: deps.db, summaryOf: (userId) => accountSummaryNow(figures, userId) }),
  );
  realtime.addOperatorEvent("reviewQueue.changed", reviewQueueUpdates);
  const savingsDeps = { db: deps.db, clock: deps.clock, timeZone: deps.config.PLATFORM_TZ };
  const verification: VerificationDeps = {
    db: deps.db,
    clock: deps.clock,
    blobs: createBlobStore(deps.config),
    keys: loadIdNumberKeys(deps.config),
    operatorIdleMs: deps.config.OPERATOR_IDLE_MINUTES * 60_000,
    restrictedCountries: deps.config.RESTRICTED_COUNTRIES,
  };
  realtime.addUserEvent("verification.changed", verificationUpdates(verification));
  realtime.addOperatorEvent("verificationQueue.changed", verificationQueueUpdates);
  realtime.addUserEvent("savings.changed", savingsUpdates(savingsDeps));
  realtime.addUserEvent("inbox.changed", personalInboxUpdates);
  realtime.addEveryUserEvent("broadcast.published", broadcastAnnouncements);
  const conversations = new ConversationChannel({
    db: deps.db,
    clock: deps.clock,
    log: app.log,
    typing: (ref) => void realtime.publish("chat.typing", [ref]),
    presenceMoved: (operatorId) => void realtime.publish("chat.presence", [operatorId]),
  });
  realtime.addPrivateChannel(conversations);
  realtime.addEvent("chat.moved", chatMoves(conversations));
  realtime.addEvent("chat.read", chatReads(conversations));
  realtime.addEvent("chat.typing", chatTyping(conversations));
  realtime.addEvent("chat.presence", chatPresence(conversations));
  realtime.addOperatorEvent("chats.changed", conversationChanges);
  realtime.addUserEvent("chat.userChanged", userConversationChanges);
  const supportWindow = parseServiceWindow(deps.config.SUPPORT_HOURS);
  const chat: ChatDeps = {
    blobs: verification.blobs,
    serviceHours: (at) => serviceHoursAt(supportWindow, deps.config.PLATFORM_TZ, at),
    userMessages: new UserMessageDesk(deps.db, deps.clock, deps.config.CHAT_MESSAGES_PER_MINUTE),
    ...chatAnnouncements(realtime),
    supportActive: (operatorId) => conversations.deskActive(operatorId),
  };
  const limits: LimitsDeps = {
    usage: async (db, userId, now) => ({
      trading: await userTradingUsage(db, userId, now, deps.config.PLATFORM_TZ),
      deposited: await depositUsage(db, userId, now, deps.config.PLATFORM_TZ),
    }),
    tradingSince,
    openLimits: keepClosedTotals,
  };
  const context: AppServices = {
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    lifecycle: { shuttingDown: false },
    events: realtime,
    realtime,
    market,
    trading: new TradingWorker({
      db: deps.db,
      clock: deps.clock,
      bus: market.bus,
      log: app.log,
      contractsOpened: (contracts) => realtime.publish("contracts.opened", contracts),
      contractsSettled: (contracts) => realtime.publish("contracts.settled", contracts),
    }),
    savings: new SavingsWorker(
      {
        ...savingsDeps,
        log: app.log,
        saversChanged: async (userIds) => {
          await realtime.publish("savings.changed", userIds);
          await realtime.publish("account.changed", userIds);
        },
      },
      { intervalMs: deps.config.SAVINGS_ACCRUAL_INTERVAL_MS },
    ),
    content: contentPublisher({ db: deps.db, clock: deps.clock, log: app.log }),
    broadcasts: broadcastPublisher({ db: deps.db, clock: deps.clock, events: realtime, log: app.log }),
    riskFigures: riskFigureWorker({
      db: deps.db,
      clock: deps.clock,
      timeZone: deps.config.PLATFORM_TZ,
      settledNet: settledNetCounts,
      log: app.log,
    }),
    supportPresence: new PeriodicJob({
      name: "support presence",
      runOnce: () => conversations.refreshPresence(),
      intervalMs: PRESENCE_REFRESH_MS,
      log: app.log,
    }),
  };
  app.addHook("onReady", async () => {
    await context.realtime.start();
    context.supportPresence.start();
    await context.market.start();
    if (deps.config.TRADING_WORKER_ENABLED) context.trading.start();
    if (deps.config.SAVINGS_WORKER_ENABLED) context.savings.start();
    if (deps.config.RISK_FIGURE_WORKER_ENABLED) context.riskFigures.start();
    if (deps.config.CONTENT_PUBLISHER_ENABLED) {
      context.content.start();
      context.broadcasts.start();
    }
  });
  app.addHook("preClose", async () => {
    context.lifecycle.shuttingDown = true;
    // Settlement stops first (its run in flight finishes), then the feed's last write lands, then the
    // socket hub's relay sends what it gathered. All before onClose: hooks added there after this one
    // (the database's destroy) run before this app's own.
    await context.trading.stop();
    await context.savings.stop();
    await context.content.stop();
    await context.broadcasts.stop();
    await context.riskFigures.stop();
    await context.supportPresence.stop();
    await context.market.stop();
    await context.realtime.detach();
  });
  // Responses finished while closing end their keep-alive connection, so shutdown does not wait
  // out idle clients' keep-alive timeout.
  app.addHook("onSend", async (_request, reply) => {
    if (context.lifecycle.shuttingDown) reply.header("connection", "close");
  });
  app.decorate("tickfair", context);

  await app.register(
    async (api) => {
      // Answers carry personal data (figures, records, statements): no cache keeps a copy unless a
      // route says otherwise.
      api.addHook("onSend", async (_request, reply) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      await api.register(systemRoutes(context));
      await api.register(clockControlRoutes(context));
      await api.register(authRoutes(context));
      await api.register(accountRoutes(context));
      await api.register(cashierRoutes(context));
      await api.register(cashierOperatorRoutes(context));
      await api.register(filesRoutes(context));
      await api.register(ledgerOperatorRoutes(context));
      await api.register(marketRoutes(context));
      await api.register(marketOperatorRoutes(context));
      await api.register(operatorRoutes(context));
      await api.register(tradingRoutes(context));
      await api.register(savingsRulesRoutes(context));
      await api.register(savingsRoutes(context));
      await api.register(savingsOperatorRoutes(context));
      await api.register(verificationPhotoRoutes(context, verification));
      await api.register(limitsRoutes(context, limits));
      await api.register(riskWarningRoutes(context));
      await api.register(limitsOperatorRoutes(context, limits));
      await api.register(verificationRoutes(context, verification));
      await api.register(verificationOperatorRoutes(context, verification));
      await api.register(contentRoutes(context));
      await api.register(contentOperatorRoutes(context));
      await api.register(messageRoutes(context));
      await api.register(messageOperatorRoutes(context));
      await api.register(chatRoutes(context, chat));
      await api.register(chatOperatorRoutes(context, chat));
    },
    { prefix: "/api/v1" },
  );

  context.realtime.register(app);
  // The web app's and the console's routes are not part of the API, nor of its document.
  app.get("/", { schema: { hide: true } }, (_request, reply) => reply.redirect("/h5/"));
  await serveBuiltApp(app, { dist: deps.config.WEB_DIST, prefix: "/h5/", name: "web app" });
  await serveBuiltApp(app, { dist: deps.config.ADMIN_DIST, prefix: "/admin/", name: "operator console" });
  return app;
}

/** A hop count trusts that many proxies in front of us, whatever their addresses. */
function trustedProxies(setting: Config["TRUST_PROXY"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * A built app (the H5 app under /h5/, the operator console under /admin/), with every unknown path
 * under its prefix answered by index.html (history routing). Hashed chunks under <prefix>static/ are
 * cached for a year; everything else (index.html, the service worker, the manifest, icons) is
 * revalidated on every load, so a new version reaches browsers at once. Files are served as the build
 * compressed them (brotli, gzip).
 */
async function serveBuiltApp(
  app: FastifyInstance,
  { dist, prefix, name }: { dist: string; prefix: `/${string}/`; name: string },
): Promise<void> {
  const page = { schema: { hide: true } };
  const staticPrefix = `${prefix}static/`;
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    app.log.warn(`no built ${name} at ${dist}; run npm run build`);
    return;
  }
  await app.register(async (web) => {
    web.addHook("onSend", async (request, reply) => {
      if (!request.url.startsWith(staticPrefix)) reply.header("cache-control", "no-cache");
    });
    await web.register(fastifyStatic, {
      root: dist,
      prefix,
      index: false,
      wildcard: false,
      maxAge: "365d",
      immutable: true,
      preCompressed: true,
    });
    const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile("index.html");
    web.get(prefix.slice(0, -1), page, (_request, reply) => reply.redirect(prefix));
    web.get(prefix, page, sendIndex);
    web.get(`${prefix}*`, page, (request, reply) => {
      const url = request.url.split("?")[0] ?? "";
      if (url.startsWith(staticPrefix) || /\.[a-z0-9]{2,5}$/i.test(url)) {
        return reply.status(404).type("text/plain").send("Not found");
      }
      return sendIndex(request, reply);
    });
  });
}

declare module "fastify" {
  interface FastifyInstance {
    tickfair: AppServices;
  }
}
