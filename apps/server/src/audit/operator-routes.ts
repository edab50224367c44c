import {
  AUDIT_CSV_MAX_ROWS,
  auditFilters,
  auditPage,
  auditQuery,
  controlChangePage,
  controlChangeQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { sendCsv } from "../platform/csv";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { listControlChanges } from "./control-changes";
import { listAudit } from "./log";
import { auditCsv } from "./log-csv";
import { recordListExport } from "./record";

const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors: [400, 401, 403, 429] });

/** The console's record of what operators did: control changes awaiting a second admin, the audit log. */
export function auditOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/operator/control-changes",
      {
        schema: schema({
          description: "Changes of a control waiting for (or decided by) a second admin.",
          querystring: controlChangeQuery,
          response: { 200: controlChangePage },
        }),
      },
      async (request) => listControlChanges(db, request.query),
    );

    app.get(
      "/operator/audit",
      {
        schema: schema({
          description:
            "The audit log, newest first, narrowed by operator (username), action, record (type, and id) and time (`from` inclusive, `to` exclusive).",
          querystring: auditQuery,
          response: { 200: auditPage },
        }),
      },
      async (request) => listAudit(db, request.query),
    );

    app.get(
      "/operator/audit.csv",
      {
        schema: {
          tags: ["operators"],
          security: [{ bearer: [] }],
          description: `The audit log with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ), newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
          querystring: auditFilters,
        },
      },
      async (request, reply) => {
        const { operator } = request;
        const file = await auditCsv(db, request.query, {
          locale: requestLocale(request),
          timeZone: context.config.PLATFORM_TZ,
        });
        await recordListExport(db, clock, operator.id, {
          list: "audit",
          targetType: "audit_log",
          filters: request.query,
        });
        return sendCsv(reply, file, "tickfair-audit-log.csv", AUDIT_CSV_MAX_ROWS);
      },
    );
  };
}
