import { healthLiveResponse, healthReadyResponse, type ReadinessCheck } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { Wiring } from "../platform/capability";
import { createMigrator } from "../platform/migrations";

/**
 * Liveness (the process answers) and readiness (the database answers, every migration of this build
 * ran, and the process is not draining after SIGTERM), for a load balancer or an orchestrator.
 */
export function healthRoutes(wiring: Wiring): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health/live",
      { schema: { tags: ["system"], response: { 200: healthLiveResponse } } },
      async () => ({ status: "ok" as const }),
    );

    app.get(
      "/health/ready",
      { schema: { tags: ["system"], response: { 200: healthReadyResponse, 503: healthReadyResponse } } },
      async (_request, reply) => {
        const failed: ReadinessCheck[] = [];
        try {
          await sql`select 1`.execute(wiring.db);
          const migrations = await createMigrator(wiring.db).getMigrations();
          if (migrations.some((migration) => migration.executedAt === undefined)) failed.push("migrations");
        } catch {
          failed.push("database");
        }
        if (wiring.lifecycle.shuttingDown) failed.push("draining");
        if (failed.length > 0) reply.code(503);
        return { status: failed.length > 0 ? ("not_ready" as const) : ("ready" as const), failed };
      },
    );
  };
}
