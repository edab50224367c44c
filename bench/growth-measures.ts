import { sql } from "kysely";
import { ownedChecks as owned } from "../apps/server/src/checked-with-ledger";
import { keepCheckpoint } from "../apps/server/src/ledger/check-record";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import type { Db } from "../apps/server/src/platform/db";
import { quantile } from "./bench";

/** What the growth bench measures besides its timed operations: the ledger check and the bytes. */

/** One of the bench's two databases, as these measures need it. */
export interface MeasuredSide {
  name: string;
  db: Db;
}

/**
 * The full check, once per side before the timed operations: what `npm run ledger:check -- --full`
 * costs, and the checkpoint the routine check then starts from.
 */
export async function fullLedgerCheckMs(side: MeasuredSide): Promise<number> {
  const t0 = performance.now();
  const report = await checkLedgerInvariants(side.db, { since: "full", owned });
  const ms = performance.now() - t0;
  if (!report.ok)
    throw new Error(`${side.name}: the full ledger check failed: ${report.violations.join("; ")}`);
  await keepCheckpoint(side.db, report);
  return ms;
}

/**
 * The routine check, after the timed operations wrote entries since the checkpoint; none of the runs
 * keeps its own, so each reads the same.
 */
export async function ledgerCheckMs(side: MeasuredSide, checks: number): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < checks; i++) {
    const t0 = performance.now();
    const report = await checkLedgerInvariants(side.db, { since: "checkpoint", owned });
    runs.push(performance.now() - t0);
    if (!report.ok) throw new Error(`${side.name}: the ledger check failed: ${report.violations.join("; ")}`);
    if (report.scope !== "since checkpoint")
      throw new Error(`${side.name}: the ledger check had no checkpoint`);
  }
  return quantile(
    runs.sort((a, b) => a - b),
    0.5,
  );
}

/** What each growing table (with its indexes and TOAST) takes per day of history. */
export const GROWING = [
  "ticks",
  "candles",
  "contracts",
  "postings",
  "ledger_entries",
  "chat_messages",
  "deposits",
] as const;

export async function bytesPerDay(side: MeasuredSide, days: number): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const name of GROWING) {
    const size = await sql<{ bytes: string; rows: string }>`
      -- A partitioned table's size is its partitions'; a plain table has no partition tree.
      select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree(${name})),
          pg_total_relation_size(${name}))::text as bytes,
        (select count(*) from ${sql.table(name)})::text as rows`.execute(side.db);
    sizes[name] = Number(size.rows[0]?.bytes ?? 0) / days;
    sizes[`${name}_rows`] = Number(size.rows[0]?.rows ?? 0) / days;
  }
  return sizes;
}

export async function bytesPerTick(
  side: MeasuredSide,
): Promise<{ table: number; indexes: number; total: number }> {
  const size = await sql<{ table_bytes: string; index_bytes: string; rows: string }>`
    select sum(pg_table_size(relid))::text as table_bytes, sum(pg_indexes_size(relid))::text as index_bytes,
      (select count(*) from ticks)::text as rows
    from pg_partition_tree('ticks')`.execute(side.db);
  const row = size.rows[0];
  const rows = Number(row?.rows ?? 1);
  const table = Number(row?.table_bytes ?? 0) / rows;
  const indexes = Number(row?.index_bytes ?? 0) / rows;
  return { table, indexes, total: table + indexes };
}
