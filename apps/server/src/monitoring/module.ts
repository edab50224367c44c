import type { FastifyInstance } from "fastify";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { poolUse } from "../platform/db";
import { readBacklog } from "./gauges";
import { scrapeGuard } from "./guard";
import { healthRoutes } from "./health-routes";
import { createMetrics } from "./metrics";

/**
 * Metrics and health: the liveness and readiness routes, and `GET /metrics` for Prometheus, outside
 * the API (it is not a user's or an operator's) and hidden from whoever may not scrape it. The top
 * rank, because its gauges read every capability's backlog through their faces.
 */
export function monitoringModule(wiring: Wiring): CapabilityModule & { attach(app: FastifyInstance): void } {
  const metrics = createMetrics();
  const mayScrape = scrapeGuard(wiring.config.METRICS_ALLOW, wiring.config.METRICS_TOKEN);
  wiring.realtime.relay.onLag((seconds) => metrics.observeRelayLag(seconds));
  return {
    name: "monitoring",
    publicRoutes: [healthRoutes(wiring)],
    attach(app) {
      metrics.observe(app);
      app.addHook("onReady", async () => {
        app.websocketServer.on("connection", (socket) => metrics.countSocket(socket));
      });
      app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
        // Not found, as for any unknown address: the endpoint is not advertised to who may not read it.
        if (!mayScrape(request.ip, request.headers.authorization)) return reply.callNotFound();
        const backlog = await readBacklog({
          db: wiring.db,
          clock: wiring.clock,
          timeZone: wiring.config.PLATFORM_TZ,
        });
        metrics.set(backlog, app.websocketServer.clients.size);
        metrics.setPool(poolUse(wiring.db));
        reply.header("content-type", metrics.registry.contentType);
        reply.header("cache-control", "no-store");
        return metrics.registry.metrics();
      });
    },
  };
}
