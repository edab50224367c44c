import { sql } from "kysely";
import type { Db } from "../apps/server/src/platform/db";
import { fmt, table } from "./bench";

/**
 * PostgreSQL's own count of where its time went, statement by statement (pg_stat_statements): what a
 * bench's database work is made of, without guessing from the app's side. Opt-in, since the extension
 * must be loaded when the server starts and adds a little to every statement.
 */
export const STATEMENT_STATS_SETTINGS: Record<string, string> = {
  shared_preload_libraries: "pg_stat_statements",
  // Statements inside functions and triggers (the foreign-key checks) counted on their own.
  "pg_stat_statements.track": "all",
};

/** Starts the count from zero, so that only what follows is in it. */
export async function resetStatementStats(db: Db): Promise<void> {
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
}

/** Prints the statements that took the most of the server's time since the reset. */
export async function printStatementStats(db: Db, limit = 12): Promise<void> {
  const { rows } = await sql<{
    calls: number;
    total_ms: number;
    mean_ms: number;
    rows: number;
    query: string;
  }>`
    select calls::int as calls, total_exec_time::float8 as total_ms, mean_exec_time::float8 as mean_ms,
      rows::int as rows, query
    from pg_stat_statements order by total_exec_time desc limit ${limit}`.execute(db);
  console.log(
    table([
      ["statement", "total ms", "calls", "mean ms", "rows/call"],
      ...rows.map((row) => [
        row.query.replace(/\s+/g, " ").trim().slice(0, 70),
        fmt(row.total_ms, 0),
        fmt(row.calls),
        fmt(row.mean_ms, 3),
        fmt(row.rows / Math.max(1, row.calls), 1),
      ]),
    ]),
  );
}
