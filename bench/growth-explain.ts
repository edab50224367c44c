import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../apps/server/src/platform/db";
import type { PgServerOptions } from "./pg-cluster";
import type { PgServer } from "./pg-server";

/**
 * GROWTH_EXPLAIN_MS=N: the plans of the statements slower than N ms while the operations are timed, as
 * PostgreSQL ran them (auto_explain, with buffers), written to a file beside the run's output; for
 * finding why an operation's p99 grows with the year. Always on a throwaway cluster, whose log it reads.
 * Timing each plan node is left off, so the overhead stays small; the figures of such a run are still a
 * look at the plans, not figures for the budget.
 */
export const EXPLAIN_MS = process.env.GROWTH_EXPLAIN_MS ? Number(process.env.GROWTH_EXPLAIN_MS) : null;

/**
 * The cluster's settings: auto_explain loaded in every backend, logging nothing until explainFrom (its
 * threshold is left out here: a setting on the command line would win over ALTER SYSTEM).
 */
export function explainServerOptions(): Pick<PgServerOptions, "settings" | "throwaway"> {
  if (EXPLAIN_MS === null) return {};
  if (!Number.isFinite(EXPLAIN_MS) || EXPLAIN_MS < 0) throw new Error("GROWTH_EXPLAIN_MS is a number of ms");
  return {
    throwaway: true,
    settings: {
      shared_preload_libraries: "auto_explain",
      // Each plan names its database, day or year (no spaces: the settings reach pg_ctl as one string).
      log_line_prefix: "%d[%p]:",
      "auto_explain.log_analyze": "on",
      "auto_explain.log_buffers": "on",
      "auto_explain.log_timing": "off",
      "auto_explain.log_nested_statements": "on",
    },
  };
}

/** From now on, every session of the cluster logs the plans of statements over EXPLAIN_MS (seeding is not). */
export async function explainFrom(db: Db): Promise<void> {
  if (EXPLAIN_MS === null) return;
  await sql`alter system set auto_explain.log_min_duration = ${sql.lit(`${EXPLAIN_MS}ms`)}`.execute(db);
  await sql`select pg_reload_conf()`.execute(db);
}

/** Copies the logged plans out of the cluster's log before the cluster is removed; prints where. */
export function keepPlans(server: PgServer): void {
  if (EXPLAIN_MS === null || !server.logFile || !fs.existsSync(server.logFile)) return;
  const log = fs.readFileSync(server.logFile, "utf8");
  const plans = log
    .split(/\n(?=\S)/)
    .filter((entry) => entry.includes("duration:") && entry.includes("plan:"));
  const file = path.join(os.tmpdir(), `growth-plans-${Date.now()}.log`);
  fs.writeFileSync(file, `${plans.join("\n")}\n`);
  console.log(`${plans.length} plans over ${EXPLAIN_MS} ms written to ${file}`);
}
