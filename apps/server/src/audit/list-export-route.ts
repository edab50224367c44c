import { type AuditTarget, type ExportedList, LIST_CSV_MAX_ROWS } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { RouteContext } from "../platform/context";
import { sendCsv } from "../platform/csv";
import { type ListCsvColumns, listCsv } from "../platform/list-csv";
import { requestLocale } from "../platform/request-locale";
import { recordListExport } from "./record";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A console list offered as a file. */
export interface ListExport<F extends z.ZodType<object>, R> {
  /** Names the route `/operator/<list>.csv`, the file `tickfair-<list>.csv` and the audit action `<list>.export`. */
  list: ExportedList;
  /** What the audit entry says was exported. */
  targetType: AuditTarget;
  tags: string[];
  description: string;
  /** The list's own filters, the same as on its page. */
  filters: F;
  columns: ListCsvColumns<R>;
  /** The rows the filters match, in the list's order, at most LIST_CSV_MAX_ROWS. */
  rows: (filters: z.infer<F>, request: FastifyRequest) => AsyncIterable<R>;
}

/**
 * The route that hands an operator a console list as a spreadsheet file: the header in their language,
 * times in the platform's zone, at most LIST_CSV_MAX_ROWS rows (said in X-Row-Limit). Every export is
 * audited with its filters, since a file of users' data leaves the console with it.
 */
export function listExportRoute<F extends z.ZodType<object>, R>(
  app: ZodApp,
  context: RouteContext,
  spec: ListExport<F, R>,
): void {
  const timeZone = context.config.PLATFORM_TZ;
  app.get(
    `/operator/${spec.list}.csv`,
    {
      schema: {
        tags: spec.tags,
        security: [{ bearer: [] }],
        description: spec.description,
        querystring: spec.filters,
      },
    },
    async (request, reply) => {
      const filters = request.query as z.infer<F>;
      const rows = spec.rows(filters, request);
      await recordListExport(context.db, context.clock, request.operator.id, {
        list: spec.list,
        targetType: spec.targetType,
        filters,
      });
      const file = listCsv(rows, spec.columns, { locale: requestLocale(request), timeZone });
      return sendCsv(reply, file, `tickfair-${spec.list}.csv`, LIST_CSV_MAX_ROWS);
    },
  );
}
