import { ledgerCheckQuery, ledgerCheckReport } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { recordLedgerCheck } from "./check-record";
import { type CheckedWithLedger, checkLedgerInvariants, shownReport } from "./invariants";

const schema = routeSchemas({ tags: ["operator ledger"], signedIn: true, errors: [400, 401, 403] });

/**
 * The ledger check through the running server: `npm run ledger:check` uses it while the server holds
 * the embedded database, which no second process may open. Since the newest checkpoint unless asked for
 * `?scope=full`, as the CLI is; the tick archives and the other capabilities' invariants with it.
 */
export function ledgerOperatorRoutes(
  context: RouteContext,
  checkedWithLedger: CheckedWithLedger,
): FastifyPluginAsyncZod {
  const { db, clock } = context;

  return async (app) => {
    app.get(
      "/operator/ledger/check",
      { schema: schema({ querystring: ledgerCheckQuery, response: { 200: ledgerCheckReport } }) },
      async (request, reply) => {
        const { operator } = request;
        const report = await checkLedgerInvariants(db, {
          since: request.query.scope,
          ...checkedWithLedger,
        });
        await recordLedgerCheck(db, clock, operator.id, report, "server");
        return reply.header("cache-control", "no-store").send(shownReport(report));
      },
    );
  };
}
