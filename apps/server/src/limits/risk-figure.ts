import { RISK_FIGURE_PERIOD_DAYS, type RiskFigure } from "@tickfair/contract";
import { sql } from "kysely";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { PeriodicJob } from "../platform/periodic-job";
import { platformDay } from "../platform/platform-day";

/** Of the users with a contract settled in a range, how many lost in sum. */
export interface RiskSample {
  users: number;
  usersWithLoss: number;
}

/**
 * Reads the sample from the contracts (app.ts passes trading's settledNetCounts): trading imports
 * limits to judge orders, so limits cannot import trading.
 */
export type SettledNet = (db: Executor, from: Date, to: Date) => Promise<RiskSample>;

/** A day's figure: its platform day and its sample. */
export interface DayFigure extends RiskSample {
  computedOn: string;
}

/**
 * The figure of the platform day `now` falls in: the users' settled contracts of the 90 whole platform
 * days before it. Whole days only, so every process computing it on that day gets the same figure, and
 * it can be checked against the contracts later.
 */
export async function computeRiskFigure(
  db: Executor,
  now: Date,
  timeZone: string,
  settledNet: SettledNet,
): Promise<DayFigure> {
  const today = await platformDay(db, now, timeZone, RISK_FIGURE_PERIOD_DAYS);
  return { computedOn: today.date, ...(await settledNet(db, today.since, today.from)) };
}

export interface RiskFigureDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  settledNet: SettledNet;
}

/**
 * Stores today's figure unless it is stored already. Several processes may compute it at once: the
 * first row written stays (the table keeps one per day, unchanged), and the others store nothing.
 * Answers whether this call stored it.
 */
export async function refreshRiskFigure(deps: RiskFigureDeps): Promise<boolean> {
  const now = deps.clock.now();
  const today = await platformDay(deps.db, now, deps.timeZone);
  const stored = await deps.db
    .selectFrom("risk_figures")
    .select("computed_on")
    .where("computed_on", "=", today.date)
    .executeTakeFirst();
  if (stored) return false;
  const figure = await computeRiskFigure(deps.db, now, deps.timeZone, deps.settledNet);
  const inserted = await deps.db
    .insertInto("risk_figures")
    .values({
      computed_on: figure.computedOn,
      users: figure.users,
      users_with_loss: figure.usersWithLoss,
      computed_at: now,
    })
    .onConflict((oc) => oc.column("computed_on").doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows === 1n;
}

/** Looks every `intervalMs` (and at start) whether today's figure is stored, and stores it if not. */
export function riskFigureWorker(
  deps: RiskFigureDeps & { log: { error(object: unknown, message: string): void } },
  intervalMs = 10 * 60_000,
): PeriodicJob {
  return new PeriodicJob({
    name: "risk figure",
    runOnce: () => refreshRiskFigure(deps),
    intervalMs,
    log: deps.log,
  });
}

/** The latest stored figure, as the risk warning states it; null when none has enough users. */
export async function latestRiskFigure(db: Executor, minUsers: number): Promise<RiskFigure | null> {
  const row = await db
    .selectFrom("risk_figures")
    .select([
      "computed_on",
      "users",
      "users_with_loss",
      sql<string>`to_char(computed_on - ${RISK_FIGURE_PERIOD_DAYS}::int, 'YYYY-MM-DD')`.as("period_from"),
      sql<string>`to_char(computed_on - 1, 'YYYY-MM-DD')`.as("period_to"),
    ])
    .orderBy("computed_on", "desc")
    .limit(1)
    .executeTakeFirst();
  // No share of nobody, whatever the setting.
  if (!row || row.users === 0 || row.users < minUsers) return null;
  return {
    lostShare: row.users_with_loss / row.users,
    usersWithLoss: row.users_with_loss,
    users: row.users,
    computedOn: row.computed_on,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    periodDays: RISK_FIGURE_PERIOD_DAYS,
  };
}
