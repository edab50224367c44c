import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { buildCapabilities } from "./capabilities";
import { backupRoutes } from "./platform/backup-route";
import { builtPages, serveBuiltApp } from "./platform/built-apps";
import type { Clock } from "./platform/clock";
import type { Config } from "./platform/config";
import type { RouteContext } from "./platform/context";
import type { Db } from "./platform/db";
import { answerFrameworkError, installErrorHandling } from "./platform/error-handler";
import { inlineScriptSources } from "./platform/inline-scripts";
import { type LoggerOptions, loggerOptions, logRequests } from "./platform/logging";
import { declareSignedInFields, registerScope } from "./platform/scopes";
import { secureTransportHeaders } from "./platform/secure-transport";
import { securityHeaders } from "./platform/security-headers";
import { clockControlRoutes, systemRoutes } from "./platform/system-routes";
import { type TlsFiles, tlsServerOptions } from "./platform/tls";

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Answer TLS (and HTTP/2) with these; plain HTTP without. */
  tls?: TlsFiles;
  /** Pino logger options, or false for silence (tests); by default from the config and stdout. */
  logger?: boolean | LoggerOptions;
}

export type App = FastifyInstance;

/** The running app's parts, for tests and benches that drive them directly. */
export type AppServices = RouteContext & ReturnType<typeof buildCapabilities>["services"];

/** Builds the whole server without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...tlsServerOptions(deps.tls),
    logger: deps.logger ?? loggerOptions(deps.config, { isTerminal: process.stdout.isTTY === true }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  logRequests(app);
  declareSignedInFields(app);

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The app shell's one inline script, by its hash; no other inline script is ever allowed.
        scriptSrc: ["'self'", ...inlineScriptSources(builtPages(deps.config.WEB_DIST))],
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

  const lifecycle = { shuttingDown: false };
  const capabilities = buildCapabilities({
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    lifecycle,
    log: app.log,
  });
  const context: AppServices = { ...capabilities.wiring, ...capabilities.services };
  const jobs = capabilities.modules.flatMap((module) => module.jobs ?? []);
  app.addHook("onReady", async () => {
    await context.realtime.start();
    for (const { job, enabled } of jobs) if (enabled) await job.start();
  });
  app.addHook("preClose", async () => {
    lifecycle.shuttingDown = true;
    // Jobs stop in reverse rank order: settlement (its run in flight finishes) before the feed's last
    // write lands; then the socket hub's relay sends what it gathered. All before onClose: hooks added
    // there after this one (the database's destroy) run before this app's own.
    for (const { job } of jobs.toReversed()) await job.stop();
    await context.realtime.detach();
  });
  // Responses finished while closing end their keep-alive connection, so shutdown does not wait
  // out idle clients' keep-alive timeout.
  app.addHook("onSend", async (_request, reply) => {
    if (lifecycle.shuttingDown) reply.header("connection", "close");
  });
  app.decorate("tickfair", context);
  capabilities.attachMonitoring(app);

  await app.register(
    async (api) => {
      // Answers carry personal data (figures, records, statements): no cache keeps a copy unless a
      // route says otherwise.
      api.addHook("onSend", async (_request, reply) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      await api.register(systemRoutes(context));
      await api.register(clockControlRoutes(context));
      await api.register(backupRoutes(context));
      const { modules } = capabilities;
      for (const plugin of modules.flatMap((module) => module.publicRoutes ?? [])) await api.register(plugin);
      await registerScope(
        api,
        capabilities.userSignIn,
        modules.flatMap((module) => module.userRoutes ?? []),
      );
      await registerScope(
        api,
        capabilities.operatorSignIn,
        modules.flatMap((module) => module.operatorRoutes ?? []),
      );
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

declare module "fastify" {
  interface FastifyInstance {
    tickfair: AppServices;
  }
}
