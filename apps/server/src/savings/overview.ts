import { addDays, fromMinor, type SavingsOverview } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import type { SavingsMoment } from "./moves";
import { listRates, type RateHistory, rateOn, upcomingRate } from "./rates";
import { readSavingsSettings } from "./settings";
import { fundFiguresOn, rateOf } from "./summary";

/**
 * The console's view of Yu'ebao: shares held, savers, the accrual job's progress, income paid per day
 * over the last 30 days (from the batches' totals, not the million rows a day), the rate and limits.
 */
export async function savingsOverview(
  db: Executor,
  moment: SavingsMoment,
  history: RateHistory,
): Promise<SavingsOverview> {
  const first = addDays(moment.today, -30);
  const [shares, progress, days, rates, settings] = await Promise.all([
    sql<{ pending: bigint; confirmed: bigint }>`
      select coalesce(sum(balance) filter (where kind = 'savings_pending'), 0)::bigint as pending,
        coalesce(sum(balance) filter (where kind = 'savings_confirmed'), 0)::bigint as confirmed
      from accounts where kind in ('savings_pending', 'savings_confirmed') and user_id is not null`.execute(
      db,
    ),
    sql<{ savers: bigint; oldest: string | null; behind: bigint }>`
      select count(*)::bigint as savers, min(accrued_through) as oldest,
        count(*) filter (where accrued_through < ${moment.yesterday}::date)::bigint as behind
      from savers`.execute(db),
    db
      .selectFrom("savings_accrual_batches")
      .select([
        "day",
        sql<bigint>`sum(income)::bigint`.as("income"),
        sql<bigint>`sum(savers)::bigint`.as("savers"),
      ])
      .where("day", ">=", first)
      .groupBy("day")
      .orderBy("day")
      .execute(),
    listRates(db, 50),
    readSavingsSettings(db),
  ]);
  const held = shares.rows[0] ?? { pending: 0n, confirmed: 0n };
  const saverRow = progress.rows[0] ?? { savers: 0n, oldest: null, behind: 0n };
  const upcoming = upcomingRate(history, moment.today);
  return {
    today: moment.today,
    timeZone: moment.timeZone,
    totalShares: fromMinor(held.pending + held.confirmed),
    confirmed: fromMinor(held.confirmed),
    pending: fromMinor(held.pending),
    savers: Number(saverRow.savers),
    accruedThrough: saverRow.oldest,
    saversBehind: Number(saverRow.behind),
    incomeByDay: days.map((day) => ({
      date: day.day,
      income: fromMinor(day.income),
      savers: Number(day.savers),
      incomePerTenThousand: fundFiguresOn(history, day.day).incomePerTenThousand,
    })),
    rate: rateOf(rateOn(history, moment.today)),
    upcomingRate: upcoming ? rateOf(upcoming) : null,
    rates: rates.map((entry) => ({ ...rateOf(entry), setBy: entry.setBy, setAt: entry.setAt.toISOString() })),
    settings,
  };
}
