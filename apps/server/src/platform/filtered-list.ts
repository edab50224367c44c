import { LIST_TOTAL_CAP, type ListFilters } from "@tickfair/contract";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Executor } from "./db";
import { cursorId, pageOfRows } from "./pagination";

/**
 * The console's filtered lists (review queues, users) on one pattern: a query already narrowed by its
 * filters gives a page in id order, the total it matches (and the sum of its amounts), and every row
 * for an export, a batch at a time. The cursor is the id of the previous page's last row.
 */

export interface ListOrder {
  /** The id of the query's main table, e.g. "d.id". */
  idColumn: `${string}.id`;
  /** Newest first unless a queue is worked oldest first. */
  direction: "asc" | "desc";
}

/**
 * Narrows `query` to the platform days `filters` name (both included) on `column`: from the first
 * day's midnight in `timeZone` to the midnight after the last, by PostgreSQL's zone rules (a day of 23
 * or 25 hours when the clocks change). Each bound is a constant, so an index on the column serves it.
 */
export function withinDays<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  filters: ListFilters,
  timeZone: string,
): SelectQueryBuilder<DB, TB, O> {
  const { from, to } = filters;
  return query
    .$if(from !== undefined, (q) =>
      q.where(sql<boolean>`${sql.ref(column)} >= (${from}::date)::timestamp at time zone ${timeZone}`),
    )
    .$if(to !== undefined, (q) =>
      q.where(sql<boolean>`${sql.ref(column)} < (${to}::date + 1)::timestamp at time zone ${timeZone}`),
    );
}

/** `query`'s rows after `after` in the list's order, at most `limit`. */
function rowsAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder,
  after: bigint | null,
  limit: number,
) {
  const id = sql.ref(order.idColumn);
  return query
    .$if(after !== null, (q) =>
      q.where(order.direction === "desc" ? sql<boolean>`${id} < ${after}` : sql<boolean>`${id} > ${after}`),
    )
    .orderBy(id, order.direction)
    .limit(limit);
}

/**
 * The most rows a list's total counts: past it the console shows "10,000+" and no sum, so a page costs
 * a bounded read however long the history behind it.
 */
export const TOTAL_CAP = LIST_TOTAL_CAP;

export interface ListTotals {
  /** How many rows match, at most TOTAL_CAP. */
  total: number;
  /** More than TOTAL_CAP rows match: `total` is a lower bound. */
  totalCapped: boolean;
  /** The sum of the matching rows' amounts; null when capped or the list has no amounts. */
  totalAmount: bigint | null;
}

/**
 * The totals of the rows `matching` (the list's main table and its filters, no joins for display)
 * selects, counted up to TOTAL_CAP + 1 rows.
 */
export async function listTotals<DB, TB extends keyof DB, O>(
  db: Executor,
  matching: SelectQueryBuilder<DB, TB, O>,
  amountColumn?: string,
): Promise<ListTotals> {
  const amount = amountColumn === undefined ? sql<bigint | null>`null::bigint` : sql.ref(amountColumn);
  const capped = matching
    .clearSelect()
    .select(sql<bigint | null>`${amount}`.as("amount"))
    .limit(TOTAL_CAP + 1);
  const { rows } = await sql<{ total: bigint; amount: bigint | null }>`
    select count(*) as total, sum(m.amount)::bigint as amount from (${capped}) as m`.execute(db);
  const counted = Number(rows[0]?.total ?? 0n);
  const totalCapped = counted > TOTAL_CAP;
  return {
    total: Math.min(counted, TOTAL_CAP),
    totalCapped,
    totalAmount: totalCapped || amountColumn === undefined ? null : (rows[0]?.amount ?? 0n),
  };
}

/**
 * One page of a list in its order, with its totals: `matching` narrows the main table, `withColumns`
 * adds what a row shows (joins, columns).
 */
export async function filteredPage<DB, TB extends keyof DB, M, O extends { id: bigint }, T>(
  db: Executor,
  list: {
    matching: SelectQueryBuilder<DB, TB, M>;
    withColumns: (matching: SelectQueryBuilder<DB, TB, M>) => SelectQueryBuilder<DB, TB, O>;
    order: ListOrder;
    amountColumn?: string;
  },
  page: { cursor?: string | undefined; limit: number },
  toItem: (row: O) => T,
): Promise<{ items: T[]; nextCursor: string | null } & ListTotals> {
  const query = list.withColumns(list.matching);
  const [rows, totals] = await Promise.all([
    rowsAfter(query, list.order, cursorId(page.cursor), page.limit + 1).execute(),
    listTotals(db, list.matching, list.amountColumn),
  ]);
  return { ...pageOfRows(rows, page.limit, toItem), ...totals };
}

/**
 * Every row `query` matches in the list's order, up to `maxRows`, read `batchSize` at a time so an
 * export never holds the whole list in memory.
 */
export async function* everyRow<DB, TB extends keyof DB, O extends { id: bigint }>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder,
  maxRows: number,
  batchSize = 1000,
): AsyncGenerator<O> {
  let after: bigint | null = null;
  let left = maxRows;
  while (left > 0) {
    const size = Math.min(batchSize, left);
    const rows: O[] = await rowsAfter(query, order, after, size).execute();
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    left -= rows.length;
    after = last.id;
  }
}
