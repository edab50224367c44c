import { accountModule, accountSummaryNow } from "./account";
import { auditModule } from "./audit";
import { authModule, isSessionLive, socketAuth, userSignIn } from "./auth";
import { cashierModule, depositUsage } from "./cashier";
import { chatModule } from "./chat";
import { checkedWithLedger } from "./checked-with-ledger";
import { consoleModule } from "./console";
import { contentModule } from "./content";
import { filesModule } from "./files";
import { ledgerModule } from "./ledger";
import { limitsModule } from "./limits";
import { marketModule } from "./market";
import { messagesModule } from "./messages";
import { monitoringModule } from "./monitoring";
import { isOperatorSessionLive, operatorSignIn, operatorSocketAuth, operatorsModule } from "./operators";
import type { CapabilityModule, Wiring } from "./platform/capability";
import type { RouteContext } from "./platform/context";
import { idempotencyRetention } from "./platform/idempotency";
import { RealtimeHub } from "./platform/realtime";
import { RetentionJob } from "./platform/retention";
import { createBlobStore } from "./platform/s3-blob-store";
import { pushModule } from "./push";
import RANKS from "./ranks.json";
import { savingsModule } from "./savings";
import { solvencyModule } from "./solvency";
import {
  keepClosedTotals,
  lossStreakPauseOf,
  settledNetCounts,
  tradingModule,
  tradingSince,
  userTradingUsage,
} from "./trading";
import { verificationModule } from "./verification";

/**
 * Every capability, built in rank order (ranks.json; docs/architecture.md): a module is handed only
 * what lower ranks built, and where a lower rank needs a higher one's figures (limits counts what
 * trading and the cashier did) the figures are handed down here, as functions.
 */
export function buildCapabilities(base: Omit<RouteContext, "events"> & { log: Wiring["log"] }) {
  const { config, db, clock } = base;
  const realtime = new RealtimeHub({
    db,
    clock,
    databaseUrl: config.DATABASE_URL,
    log: base.log,
    auth: socketAuth({ db, clock, sessionIdleMs: config.SESSION_IDLE_DAYS * 24 * 60 * 60_000 }),
    operatorAuth: operatorSocketAuth({ db, clock, idleMs: config.OPERATOR_IDLE_MINUTES * 60_000 }),
  });
  const wiring: Wiring = { ...base, events: realtime, realtime };
  const blobs = createBlobStore(config);
  const figures = { db, clock, platformTz: config.PLATFORM_TZ };

  const market = marketModule(wiring, { blobs });
  const push = pushModule(wiring, { sessionLive: (tokenHash, now) => isSessionLive(db, tokenHash, now) });
  const messages = messagesModule(wiring);
  const content = contentModule(wiring);
  const limits = limitsModule(wiring, {
    usage: async (executor, userId, now) => ({
      trading: await userTradingUsage(executor, userId, now, config.PLATFORM_TZ),
      deposited: await depositUsage(executor, userId, now, config.PLATFORM_TZ),
    }),
    tradingSince,
    openLimits: keepClosedTotals,
    lossStreakPause: lossStreakPauseOf,
    settledNet: settledNetCounts,
  });
  const trading = tradingModule(wiring, {
    bus: market.market.bus,
    summaryOf: (userId) => accountSummaryNow(figures, userId),
    archives: blobs,
  });
  const savings = savingsModule(wiring);
  const chat = chatModule(wiring, { blobs });
  const solvency = solvencyModule(wiring);
  const monitoring = monitoringModule(wiring);
  const modules: CapabilityModule[] = [
    auditModule(wiring),
    push,
    filesModule(wiring, {
      blobs,
      holderLive: (holder, now) =>
        holder.realm === "user"
          ? isSessionLive(db, holder.sessionTokenHash, now)
          : isOperatorSessionLive(db, holder.sessionTokenHash, now, config.OPERATOR_IDLE_MINUTES * 60_000),
    }),
    ledgerModule(wiring, checkedWithLedger(blobs)),
    market,
    messages,
    content,
    authModule(wiring),
    operatorsModule(wiring),
    limits,
    trading,
    cashierModule(wiring),
    savings,
    verificationModule(wiring, { blobs }),
    chat,
    solvency,
    accountModule(wiring),
    consoleModule(wiring),
    monitoring,
  ];
  // One job runs every capability's retention rules (the platform's own first): each owner says when
  // its rows expire, the platform deletes them in batches.
  const retention = new RetentionJob({
    db,
    clock,
    log: base.log,
    rules: [idempotencyRetention, ...modules.flatMap((module) => module.retention ?? [])],
  });
  modules.unshift({ name: "platform", jobs: [{ job: retention, enabled: config.RETENTION_WORKER_ENABLED }] });
  assertRankOrder(modules);
  return {
    wiring,
    modules,
    userSignIn: userSignIn(wiring),
    operatorSignIn: operatorSignIn(wiring),
    /** Adds /metrics and the request timing to the root app (outside the API's prefix). */
    attachMonitoring: monitoring.attach,
    /** The running parts tests and benches drive directly. */
    services: {
      realtime,
      market: market.market,
      trading: trading.worker,
      savings: savings.job,
      solvency: solvency.job,
      content: content.job,
      broadcasts: messages.job,
      riskFigures: limits.job,
      realizedReturns: trading.realizedReturns,
      chatPresence: chat.presence,
      push: { deliver: push.deliver },
      retention,
    },
  };
}

/** Jobs start in this order and stop in reverse, so settlement stops before the feed it reads. */
function assertRankOrder(modules: readonly CapabilityModule[]): void {
  const ranks: Record<string, number> = RANKS;
  let previous = 0;
  for (const { name } of modules) {
    const rank = ranks[name];
    if (rank === undefined || rank < previous) throw new Error(`capability ${name}: out of rank order`);
    previous = rank;
  }
}
