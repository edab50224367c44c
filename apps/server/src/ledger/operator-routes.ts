import { errorBody, ledgerCheckReport } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit, requireSignedInOperator, signedInOperator } from "../operators";
import type { RouteContext } from "../platform/context";
import { checkLedgerInvariants } from "./invariants";

const errors = { 401: errorBody, 403: errorBody };
const security = [{ bearer: [] }];

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
      {
        config: { operatorRoles: ["admin"] },
        schema: {
          tags: ["operator ledger"],
          security,
          response: { 200: ledgerCheckReport, ...errors },
        },
      },
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
