import { REALIZED_RETURN_PERIOD_DAYS } from "@tickfair/contract";
import { sql } from "kysely";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { PeriodicJob } from "../platform/periodic-job";
import { platformDay } from "../platform/platform-day";

/** What the users' settled contracts of one product and duration staked and got back. */
export interface RealizedReturn {
  symbol: string;
  durationSeconds: number;
  contracts: number;
  staked: bigint;
  returned: bigint;
}

/**
 * Per product and duration, the contracts settled in [from, to): how many, Σ stake and Σ payout (a
 * draw's payout is its stake, a loss's nothing). Void contracts returned the stake untraded because
 * the feed failed them: they are no result and count for nothing, as in the risk warning's figure.
 */
export async function realizedReturns(db: Executor, from: Date, to: Date): Promise<RealizedReturn[]> {
  const { rows } = await sql<{
    symbol: string;
    duration_seconds: number;
    contracts: number;
    staked: string;
    returned: string;
  }>`
    select symbol, duration_seconds, count(*)::int as contracts, sum(stake)::text as staked,
      sum(payout)::text as returned
    from contracts
    where settled_at >= ${from} and settled_at < ${to} and status = 'settled' and wallet = 'real'
    group by symbol, duration_seconds
    order by symbol, duration_seconds`.execute(db);
  return rows.map((row) => ({
    symbol: row.symbol,
    durationSeconds: row.duration_seconds,
    contracts: row.contracts,
    staked: BigInt(row.staked),
    returned: BigInt(row.returned),
  }));
}

/** Σ returned per 100 staked, to the cent, rounded half up: exact, in integers. */
export function per100(returned: bigint, staked: bigint): string {
  const cents = (returned * 20_000n + staked) / (2n * staked);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

export interface RealizedReturnDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

/**
 * Stores today's figures unless they are stored already: the contracts settled in the 90 whole platform
 * days before today, so every process computing them today gets the same, and they can be checked
 * against the contracts later. The day's row and its figures go in one transaction; the first process
 * to write the day keeps it and the others store nothing. Answers whether this call stored them.
 */
export async function refreshRealizedReturns(deps: RealizedReturnDeps): Promise<boolean> {
  const now = deps.clock.now();
  const today = await platformDay(deps.db, now, deps.timeZone, REALIZED_RETURN_PERIOD_DAYS);
  const stored = await deps.db
    .selectFrom("realized_return_days")
    .select("computed_on")
    .where("computed_on", "=", today.date)
    .executeTakeFirst();
  if (stored) return false;
  return deps.db.transaction().execute(async (tx) => {
    const day = await tx
      .insertInto("realized_return_days")
      .values({ computed_on: today.date, computed_at: now })
      .onConflict((oc) => oc.column("computed_on").doNothing())
      .executeTakeFirst();
    if (day.numInsertedOrUpdatedRows !== 1n) return false;
    const figures = await realizedReturns(tx, today.since, today.from);
    if (figures.length > 0)
      await tx
        .insertInto("realized_returns")
        .values(
          figures.map((figure) => ({
            computed_on: today.date,
            symbol: figure.symbol,
            duration_seconds: figure.durationSeconds,
            contracts: figure.contracts,
            staked: figure.staked,
            returned: figure.returned,
          })),
        )
        .execute();
    return true;
  });
}

/** Looks every `intervalMs` (and at start) whether today's figures are stored, and stores them if not. */
export function realizedReturnsWorker(
  deps: RealizedReturnDeps & { log: { error(object: unknown, message: string): void } },
  intervalMs = 10 * 60_000,
): PeriodicJob {
  return new PeriodicJob({
    name: "realized returns",
    runOnce: () => refreshRealizedReturns(deps),
    intervalMs,
    log: deps.log,
  });
}

/** The latest stored day: its date, the period it counts, and its figures for one product. */
export async function latestRealizedReturns(db: Executor, symbol: string) {
  const day = await db
    .selectFrom("realized_return_days")
    .select([
      "computed_on",
      sql<string>`to_char(computed_on - ${REALIZED_RETURN_PERIOD_DAYS}::int, 'YYYY-MM-DD')`.as("period_from"),
      sql<string>`to_char(computed_on - 1, 'YYYY-MM-DD')`.as("period_to"),
    ])
    .orderBy("computed_on", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!day) return null;
  const rows = await db
    .selectFrom("realized_returns")
    .select(["duration_seconds", "contracts", "staked", "returned"])
    .where("computed_on", "=", day.computed_on)
    .where("symbol", "=", symbol)
    .execute();
  return {
    computedOn: day.computed_on,
    periodFrom: day.period_from,
    periodTo: day.period_to,
    byDuration: new Map(rows.map((row) => [row.duration_seconds, row])),
  };
}
