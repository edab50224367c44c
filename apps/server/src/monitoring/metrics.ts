import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { WebSocket } from "ws";
import type { PoolUse } from "../platform/db";
import type { Backlog } from "./gauges";

/**
 * This process's Prometheus registry: its own (not prom-client's global one), so every app a test
 * builds counts alone. Names follow Prometheus' conventions: `tickfair_`, the unit last.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process memory, CPU, handles and event-loop lag, under the same prefix.
  collectDefaultMetrics({ register: registry, prefix: "tickfair_" });
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const metrics = {
    httpDuration: new Histogram({
      name: "tickfair_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    socketsOpen: gauge("tickfair_websocket_connections", "WebSocket connections open on this process"),
    socketMessages: new Counter({
      name: "tickfair_websocket_messages_sent_total",
      help: "WebSocket messages this process sent",
      registers,
    }),
    settlementDue: gauge("tickfair_settlement_due_contracts", "Contracts past expiry not yet settled"),
    settlementOldest: gauge(
      "tickfair_settlement_oldest_due_age_seconds",
      "How long the earliest-expired unsettled contract has been due (0 when none)",
    ),
    unpaidSavers: gauge("tickfair_savings_unpaid_savers", "Savers not yet paid through yesterday"),
    queueItems: gauge("tickfair_review_queue_items", "Items waiting in a review queue", ["queue"]),
    queueOldest: gauge(
      "tickfair_review_queue_oldest_age_seconds",
      "Age of the oldest waiting item in a review queue (0 when empty)",
      ["queue"],
    ),
    feedOpen: gauge("tickfair_product_open", "1 while a product's market is open", ["symbol"]),
    tickAge: gauge("tickfair_product_last_tick_age_seconds", "Age of a product's latest tick", ["symbol"]),
    ledgerOk: gauge("tickfair_ledger_check_ok", "1 when the last ledger check passed, 0 when it failed"),
    ledgerAge: gauge("tickfair_ledger_check_age_seconds", "Age of the last ledger check"),
    relayLag: new Histogram({
      name: "tickfair_relay_lag_seconds",
      help: "How long users' events relayed by another process took to arrive here",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
  };
  // Made at the first scrape that finds a pool: the embedded database has none, and a gauge without
  // labels would otherwise read 0 there.
  const poolGauges = () => ({
    connections: gauge(
      "tickfair_db_pool_connections",
      "PostgreSQL connections of this process's pool, busy or idle",
      ["state"],
    ),
    max: gauge("tickfair_db_pool_max_connections", "The most connections this process's pool opens"),
    waiting: gauge(
      "tickfair_db_pool_waiting_queries",
      "Queries waiting for a connection of this process's pool",
    ),
  });
  let pool: ReturnType<typeof poolGauges> | null = null;

  return {
    registry,
    /** Times every answered request by its route pattern, never the raw URL (ids would explode the series). */
    observe(app: FastifyInstance) {
      app.addHook("onResponse", async (request, reply) => {
        metrics.httpDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? "unmatched",
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    /** Counts the messages of one socket the hub sends on. */
    countSocket(socket: WebSocket) {
      const send = socket.send.bind(socket);
      // The hub sends through ws' own send from several places; counting here keeps them unaware.
      socket.send = ((...args: Parameters<WebSocket["send"]>) => {
        metrics.socketMessages.inc();
        return send(...args);
      }) as WebSocket["send"];
    },
    /** Counts one relayed message's time on the way (UserEventsRelay.onLag). */
    observeRelayLag(seconds: number) {
      metrics.relayLag.observe(seconds);
    },
    /** The pool's use as the scrape reads it; no series on the embedded database, which has no pool. */
    setPool(use: PoolUse | null) {
      if (!use) return;
      pool ??= poolGauges();
      pool.connections.set({ state: "busy" }, use.open - use.idle);
      pool.connections.set({ state: "idle" }, use.idle);
      pool.max.set(use.max);
      pool.waiting.set(use.waiting);
    },
    /** Sets the gauges read at scrape time; a series that no longer exists (a product removed) goes. */
    set(backlog: Backlog, socketsOpen: number) {
      metrics.socketsOpen.set(socketsOpen);
      metrics.settlementDue.set(backlog.settlement.due);
      metrics.settlementOldest.set(backlog.settlement.oldestAgeSeconds);
      metrics.unpaidSavers.set(backlog.unpaidSavers);
      for (const queue of backlog.queues) {
        metrics.queueItems.set({ queue: queue.queue }, queue.waiting);
        metrics.queueOldest.set({ queue: queue.queue }, queue.oldestAgeSeconds);
      }
      metrics.feedOpen.reset();
      metrics.tickAge.reset();
      for (const product of backlog.feed) {
        metrics.feedOpen.set({ symbol: product.symbol }, product.open ? 1 : 0);
        if (product.lastTickAgeSeconds !== null)
          metrics.tickAge.set({ symbol: product.symbol }, product.lastTickAgeSeconds);
      }
      metrics.ledgerOk.reset();
      metrics.ledgerAge.reset();
      if (backlog.ledgerCheck) {
        metrics.ledgerOk.set(backlog.ledgerCheck.ok ? 1 : 0);
        metrics.ledgerAge.set(backlog.ledgerCheck.ageSeconds);
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
