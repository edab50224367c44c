import {
  addDays,
  annualisedYield,
  fromMinor,
  incomePerTenThousand,
  ppmToAnnualRate,
  type SavingsDay,
  type SavingsRecordPage,
  type SavingsRecordQuery,
  type SavingsRecordType,
  type SavingsRules,
  type SavingsSettings,
  type SavingsSummary,
} from "@tickfair/contract";
import { userAccountIds, userBalances } from "../ledger";
import type { Executor } from "../platform/db";
import { newestFirstPage } from "../platform/newest-first-page";
import { confirmationDate } from "./calendar";
import type { SavingsMoment } from "./moves";
import { type RateHistory, rateOn, ratesForDays, upcomingRate } from "./rates";

/** The published figures of the fund for a day: its income per 10,000 shares and 7-day yield. */
export function fundFiguresOn(history: RateHistory, day: string) {
  const week = ratesForDays(history, addDays(day, -6), 7).map(incomePerTenThousand);
  return {
    incomePerTenThousand: fromMinor(incomePerTenThousand(rateOn(history, day).ppm)),
    sevenDayYield: annualisedYield(week),
  };
}

export const rateOf = (entry: { effectiveFrom: string; ppm: number }) => ({
  annualRate: ppmToAnnualRate(entry.ppm),
  effectiveFrom: entry.effectiveFrom,
});

const upcomingRateOf = (history: RateHistory, today: string) => {
  const entry = upcomingRate(history, today);
  return entry ? rateOf(entry) : null;
};

/** The saver's Yu'ebao now. The fund's figures are yesterday's, as money-market funds publish them. */
export async function savingsSummary(
  db: Executor,
  userId: bigint,
  moment: SavingsMoment,
  rules: { settings: SavingsSettings; history: RateHistory },
): Promise<SavingsSummary> {
  const [balances, saver, lots, yesterday] = await Promise.all([
    userBalances(db, userId),
    db
      .selectFrom("savers")
      .select(["income_total", "moves_on", "moves_in", "moves_out"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("savings_lots")
      .select(["remaining", "moved_in_at", "confirms_on"])
      .where("user_id", "=", userId)
      .where("confirmed_at", "is", null)
      .where("remaining", ">", 0n)
      .orderBy("confirms_on")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("savings_accruals")
      .select("income")
      .where("user_id", "=", userId)
      .where("day", "=", moment.yesterday)
      .executeTakeFirst(),
  ]);
  const { settings, history } = rules;
  const movedToday = saver?.moves_on === moment.today;
  const moves = (used: number, limit: number) => ({ used, limit, left: Math.max(0, limit - used) });
  const confirmsOn = confirmationDate(moment.at, moment.timeZone, settings.cutOff);
  return {
    today: moment.today,
    total: fromMinor(balances.savings_pending + balances.savings_confirmed),
    confirmed: fromMinor(balances.savings_confirmed),
    pending: fromMinor(balances.savings_pending),
    pendingLots: lots.map((lot) => ({
      amount: fromMinor(lot.remaining),
      movedInAt: lot.moved_in_at.toISOString(),
      confirmsOn: lot.confirms_on,
    })),
    yesterdayIncome: fromMinor(yesterday?.income ?? 0n),
    totalIncome: fromMinor(saver?.income_total ?? 0n),
    available: fromMinor(balances.cash),
    annualRate: rateOf(rateOn(history, moment.today)).annualRate,
    ...fundFiguresOn(history, moment.yesterday),
    upcomingRate: upcomingRateOf(history, moment.today),
    movesIn: moves(movedToday ? (saver?.moves_in ?? 0) : 0, settings.moveIn.perDay),
    movesOut: moves(movedToday ? (saver?.moves_out ?? 0) : 0, settings.moveOut.perDay),
    moveIn: { min: settings.moveIn.min, max: settings.moveIn.max },
    moveOut: { min: settings.moveOut.min, max: settings.moveOut.max },
    moveInNow: { confirmsOn, firstIncomeOn: addDays(confirmsOn, 1) },
  };
}

/** The last 30 days, oldest first: the saver's income each day and the fund's figures. */
export async function savingsHistory(
  db: Executor,
  userId: bigint,
  moment: SavingsMoment,
  history: RateHistory,
): Promise<SavingsDay[]> {
  const first = addDays(moment.today, -30);
  const rows = await db
    .selectFrom("savings_accruals")
    .select(["day", "income"])
    .where("user_id", "=", userId)
    .where("day", ">=", first)
    .where("day", "<", moment.today)
    .execute();
  const incomeOn = new Map(rows.map((row) => [row.day, row.income]));
  return Array.from({ length: 30 }, (_, index) => {
    const date = addDays(first, index);
    return { date, income: fromMinor(incomeOn.get(date) ?? 0n), ...fundFiguresOn(history, date) };
  });
}

/** The rules page's figures, from the live configuration. */
export function savingsRules(
  moment: SavingsMoment,
  rules: { settings: SavingsSettings; history: RateHistory },
): SavingsRules {
  return {
    today: moment.today,
    timeZone: moment.timeZone,
    settings: rules.settings,
    rate: rateOf(rateOn(rules.history, moment.today)),
    ...fundFiguresOn(rules.history, moment.yesterday),
    upcomingRate: upcomingRateOf(rules.history, moment.today),
  };
}

const RECORD_KINDS: Record<string, SavingsRecordType> = {
  savings_in: "in",
  savings_out: "out",
  savings_income: "income",
  savings_confirm: "confirmation",
};
const KIND_OF: Record<SavingsRecordType, string> = {
  in: "savings_in",
  out: "savings_out",
  income: "savings_income",
  confirmation: "savings_confirm",
};

/**
 * The saver's records, newest first: moves in and out (their entry on the available balance), income
 * and confirmations (their entry on confirmed shares). One ledger entry per record.
 */
export async function listSavingsRecords(
  db: Executor,
  userId: bigint,
  query: SavingsRecordQuery,
): Promise<SavingsRecordPage> {
  const accounts = await userAccountIds(db, userId);
  const kinds = query.type ? [KIND_OF[query.type]] : Object.keys(RECORD_KINDS);
  const rows = db
    .selectFrom("ledger_entries as e")
    .innerJoin("postings as p", "p.id", "e.posting_id")
    .leftJoin("savings_lots as l", "l.posting_id", "p.id")
    .select([
      "e.id",
      "e.amount",
      "e.created_at",
      "p.id as posting_id",
      "p.kind",
      "p.reference",
      "l.confirms_on",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("e.account_id", "=", accounts.cash), eb("p.kind", "in", ["savings_in", "savings_out"])]),
        eb.and([
          eb("e.account_id", "=", accounts.savings_confirmed),
          eb("p.kind", "in", ["savings_income", "savings_confirm"]),
        ]),
      ]),
    )
    .where("p.kind", "in", kinds);
  return newestFirstPage(rows, "e.id", query, (row) => {
    const type = RECORD_KINDS[row.kind] ?? "in";
    return {
      id: String(row.posting_id),
      type,
      amount: fromMinor(row.amount < 0n ? -row.amount : row.amount),
      at: row.created_at.toISOString(),
      incomeDate: type === "income" ? row.reference : null,
      confirmsOn: type === "in" ? row.confirms_on : null,
    };
  });
}
