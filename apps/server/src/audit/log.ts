import type { AuditEntry, AuditFilters } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { cursorId, pageOfRows } from "../platform/pagination";

/**
 * The audit log as operators read it: newest first by (created_at, id), narrowed by any of the
 * filters. Each filter has an index that ends in (created_at, id) (migration 0017), and a page starts
 * below its cursor row's (created_at, id), so a page is one index range scan whatever the log's size.
 * A cursor is the id of the previous page's last row.
 */

/** The filters as the query reads them: the operator's id for their username, times as dates. */
export interface ResolvedFilters {
  operatorId: bigint | undefined;
  action: string | undefined;
  targetType: string | undefined;
  targetId: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
}

/**
 * Checks what the schema cannot (a time range that runs backwards, an id without its type) and
 * finds the operator the username names; null when no operator has that name.
 */
export async function resolveAuditFilters(
  db: Executor,
  filters: AuditFilters,
): Promise<ResolvedFilters | null> {
  const from = filters.from === undefined ? undefined : new Date(filters.from);
  const to = filters.to === undefined ? undefined : new Date(filters.to);
  if (from && to && from.getTime() >= to.getTime())
    throw new AppError("RANGE_INVALID", { to: "RANGE_INVALID" });
  if (filters.targetId !== undefined && filters.targetType === undefined)
    throw fieldErrors({ targetType: "REQUIRED" });
  let operatorId: bigint | undefined;
  if (filters.operator !== undefined) {
    const operator = await db
      .selectFrom("operators")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["username"]), "=", filters.operator?.toLowerCase() ?? ""))
      .executeTakeFirst();
    if (!operator) return null;
    operatorId = operator.id;
  }
  return {
    operatorId,
    action: filters.action,
    targetType: filters.targetType,
    targetId: filters.targetId,
    from,
    to,
  };
}

/** `limit` rows of the filtered log below the row `after` names (from the newest without one). */
export function auditRowsQuery(db: Executor, filters: ResolvedFilters, after: bigint | null, limit: number) {
  const { operatorId, action, targetType, targetId, from, to } = filters;
  return db
    .selectFrom("audit_log as a")
    .leftJoin("operators as o", "o.id", "a.operator_id")
    .select([
      "a.id",
      "o.username",
      "a.action",
      "a.target_type",
      "a.target_id",
      "a.reason",
      "a.detail",
      "a.created_at",
    ])
    .$if(operatorId !== undefined, (q) => q.where("a.operator_id", "=", operatorId ?? 0n))
    .$if(action !== undefined, (q) => q.where("a.action", "=", action ?? ""))
    .$if(targetType !== undefined, (q) => q.where("a.target_type", "=", targetType ?? ""))
    .$if(targetId !== undefined, (q) => q.where("a.target_id", "=", targetId ?? ""))
    .$if(from !== undefined, (q) => q.where("a.created_at", ">=", from ?? new Date(0)))
    .$if(to !== undefined, (q) => q.where("a.created_at", "<", to ?? new Date(0)))
    .$if(after !== null, (q) =>
      // A cursor naming no row (edited by hand) compares with null: the page is empty.
      q.where(
        sql<boolean>`(a.created_at, a.id) < ((select c.created_at from audit_log c where c.id = ${after}), ${after})`,
      ),
    )
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit);
}

const auditRows = (db: Executor, filters: ResolvedFilters, after: bigint | null, limit: number) =>
  auditRowsQuery(db, filters, after, limit).execute();

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    operator: row.username ?? "system",
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    detail: row.detail,
    createdAt: row.created_at.toISOString(),
  };
}

/** One page of the audit log, narrowed by `query`'s filters. */
export async function listAudit(
  db: Executor,
  query: AuditFilters & { cursor?: string | undefined; limit: number },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const filters = await resolveAuditFilters(db, query);
  if (!filters) return { items: [], nextCursor: null };
  const rows = await auditRows(db, filters, cursorId(query.cursor), query.limit + 1);
  return pageOfRows(rows, query.limit, toAuditEntry);
}

/**
 * Every entry `filters` (already resolved) matches, newest first, up to `maxRows`, read a batch at a
 * time so an export never holds the whole log in memory.
 */
export async function* auditEntries(
  db: Executor,
  filters: ResolvedFilters,
  maxRows: number,
  batchSize = 1000,
): AsyncGenerator<AuditEntry> {
  let after: bigint | null = null;
  let left = maxRows;
  while (left > 0) {
    const rows = await auditRows(db, filters, after, Math.min(batchSize, left));
    for (const row of rows) yield toAuditEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(batchSize, left)) return;
    left -= rows.length;
    after = last.id;
  }
}
