import { type RawBuilder, sql } from "kysely";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { PeriodicJob } from "../platform/periodic-job";

/**
 * How long the job's work may wait for a lock: making a month locks its product's partition briefly,
 * and readers that come after would queue behind a maker left waiting on a long read. A run that gives
 * up tries again at the next; months are made a month ahead.
 */
const LOCK_TIMEOUT = "2s";

/** How far back the job summarizes: the months that may have taken ticks since its last run. */
const SUMMARIZE_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * Makes every product's tick month of `now` and the next (UTC), and any partition a product lacks
 * (decision 0082). Returns the products it made a month for; a product whose default partition
 * already holds ticks of a month keeps them there.
 */
export async function makeTickMonths(db: Db, now: Date): Promise<string[]> {
  const made = await eachProduct(
    db,
    (symbol) => sql<{ n: number }>`
    select make_tick_partitions(${symbol}, ${now}::timestamptz) as n`,
  );
  return [...made].filter(([, months]) => months > 0).map(([symbol]) => symbol);
}

/**
 * Summarizes the time index of every product's recent months and default partition: a BRIN index
 * returns every page of a range it has not summarized, so a read by time is only as cheap as the
 * summaries are current. Returns how many page ranges it summarized.
 */
export async function summarizeTickTimes(db: Db, since: Date): Promise<number> {
  const summarized = await eachProduct(
    db,
    (symbol) => sql<{ n: number }>`
    select summarize_tick_partitions(${symbol}, ${since}::timestamptz) as n`,
  );
  return [...summarized.values()].reduce((sum, n) => sum + n, 0);
}

/** Runs one of the partition functions for each product, each in its own short transaction. */
async function eachProduct(
  db: Db,
  statement: (symbol: string) => RawBuilder<{ n: number }>,
): Promise<Map<string, number>> {
  const products = await db.selectFrom("products").select("symbol").orderBy("symbol").execute();
  const counts = new Map<string, number>();
  for (const { symbol } of products) {
    const n = await db.transaction().execute(async (tx) => {
      await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(tx);
      const { rows } = await statement(symbol).execute(tx);
      return rows[0]?.n ?? 0;
    });
    counts.set(symbol, n);
  }
  return counts;
}

/**
 * Every minute (and at start): makes the coming tick months and summarizes the recent ones' time
 * indexes. Any number of processes may run it: a tick may come from any of them, and they take turns.
 */
export function tickPartitionsJob(deps: {
  db: Db;
  clock: Clock;
  log: { error(object: unknown, message: string): void };
}): PeriodicJob {
  return new PeriodicJob({
    name: "market: tick partitions",
    intervalMs: 60_000,
    log: deps.log,
    runOnce: async () => {
      const now = deps.clock.now();
      await makeTickMonths(deps.db, now);
      await summarizeTickTimes(deps.db, new Date(now.getTime() - SUMMARIZE_BACK_MS));
    },
  });
}
