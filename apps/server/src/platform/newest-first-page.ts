import { type SelectQueryBuilder, sql } from "kysely";
import { cursorId, pageOfRows } from "./pagination";

/** Which page of a list: after the row `cursor` names (from the top without one), `limit` rows. */
export interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

/**
 * One page of a query's rows, newest (highest id) first. `idColumn` is the id of the query's main
 * table, e.g. "d.id": the cursor is that id of the previous page's last row.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O extends { id: bigint }, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: `${string}.id`,
  page: PageRequest,
  toItem: (row: O) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const rows = await newestBefore(query, idColumn, cursorId(page.cursor), page.limit + 1).execute();
  return pageOfRows(rows, page.limit, toItem);
}

/**
 * `query`'s rows before the id `before` (from the top when null), newest first, at most `limit`: by
 * the primary key (or an index ending in it), so a page costs its length whatever the history.
 */
export function newestBefore<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: `${string}.id`,
  before: bigint | null,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .$if(before !== null, (q) => q.where(sql<boolean>`${sql.ref(idColumn)} < ${before}`))
    .orderBy(sql.ref(idColumn), "desc")
    .limit(limit);
}
