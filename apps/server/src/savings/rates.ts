import { addDays, annualRateToPpm, type SavingsRateEntry } from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";

/** The rate history, oldest effective date first: a day's rate is the last entry on or before it. */
export type RateHistory = readonly { effectiveFrom: string; ppm: number }[];

export async function readRateHistory(db: Executor): Promise<RateHistory> {
  const rows = await db
    .selectFrom("savings_rates")
    .select(["effective_from", "annual_rate_ppm"])
    .orderBy("effective_from")
    .execute();
  return rows.map((row) => ({ effectiveFrom: row.effective_from, ppm: row.annual_rate_ppm }));
}

/** The rate in force on `day`, with the day it took effect. */
export function rateOn(history: RateHistory, day: string): { effectiveFrom: string; ppm: number } {
  let found = history[0];
  for (const entry of history) if (entry.effectiveFrom <= day) found = entry;
  if (!found || found.effectiveFrom > day) throw new Error(`no savings rate on ${day}`);
  return found;
}

/** The next rate set for a day after `today`, if any. */
export function upcomingRate(history: RateHistory, today: string) {
  return history.find((entry) => entry.effectiveFrom > today) ?? null;
}

/** Each day's rate from `from` for `days` days, in day order. */
export function ratesForDays(history: RateHistory, from: string, days: number): number[] {
  return Array.from({ length: days }, (_, index) => rateOn(history, addDays(from, index)).ppm);
}

/**
 * An operator sets the rate from a future day on: a rate for today or earlier would change income
 * already earned or promised. A second change for the same future day replaces the first; both are
 * in the audit log.
 */
export async function scheduleRate(
  db: Db,
  clock: Clock,
  operator: Operator,
  change: { annualRate: string; effectiveFrom: string; reason: string },
  today: string,
): Promise<SavingsRateEntry> {
  if (change.effectiveFrom <= today) throw new AppError("RATE_DATE_NOT_FUTURE");
  const ppm = annualRateToPpm(change.annualRate);
  const at = clock.now();
  return db.transaction().execute(async (tx) => {
    const replaced = await tx
      .selectFrom("savings_rates")
      .select("annual_rate_ppm")
      .where("effective_from", "=", change.effectiveFrom)
      .executeTakeFirst();
    await tx
      .insertInto("savings_rates")
      .values({
        effective_from: change.effectiveFrom,
        annual_rate_ppm: ppm,
        set_by: operator.id,
        created_at: at,
      })
      .onConflict((oc) =>
        oc
          .column("effective_from")
          .doUpdateSet({ annual_rate_ppm: ppm, set_by: operator.id, created_at: at }),
      )
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "savings_rate.schedule",
      targetType: "savings_rate",
      targetId: change.effectiveFrom,
      reason: change.reason,
      detail: { annualRate: change.annualRate, replacedPpm: replaced?.annual_rate_ppm ?? null },
    });
    return {
      annualRate: change.annualRate,
      effectiveFrom: change.effectiveFrom,
      setBy: operator.username,
      setAt: at.toISOString(),
    };
  });
}

/** The history for the console, newest effective date first, with who set each. */
export async function listRates(
  db: Executor,
  limit: number,
): Promise<{ effectiveFrom: string; ppm: number; setBy: string | null; setAt: Date }[]> {
  const rows = await db
    .selectFrom("savings_rates as r")
    .leftJoin("operators as o", "o.id", "r.set_by")
    .select(["r.effective_from", "r.annual_rate_ppm", "o.username", "r.created_at"])
    .orderBy("r.effective_from", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    effectiveFrom: row.effective_from,
    ppm: row.annual_rate_ppm,
    setBy: row.username,
    setAt: row.created_at,
  }));
}
