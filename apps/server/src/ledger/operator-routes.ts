import { ledgerCheckReport } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forRoles, recordAudit, requireSignedInOperator, signedInOperator } from "../operators";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { checkLedgerInvariants } from "./invariants";

const schema = routeSchemas({ tags: ["operator ledger"], signedIn: true, errors: [401, 403] });

/**
 * The ledger check through the running server: `npm run ledger:check` uses it while the server holds
 * the embedded database, which no second process may open.
 */
export function ledgerOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;

  return async (app) => {
    requireSignedInOperator(app, context);
    app.get(
      "/operator/ledger/check",
      forRoles(["admin"], schema({ response: { 200: ledgerCheckReport } })),
      async (request, reply) => {
        const { operator } = signedInOperator(request);
        const report = await checkLedgerInvariants(db);
        await recordAudit(db, clock, {
          operatorId: operator.id,
          action: "ledger.check",
          targetType: "ledger",
          targetId: "ledger",
          detail: { ok: report.ok, violations: report.violations.length, counts: report.counts },
        });
        return reply.header("cache-control", "no-store").send(report);
      },
    );
  };
}
