import {
  addDays,
  annualisedYield,
  annualRateToPpm,
  dailyIncome,
  fromMinor,
  incomePerTenThousand,
  type SavingsRate,
  type SavingsRecord,
  toMinor,
} from "@tickfair/contract";

type Numeric = Intl.StringNumericLiteral;

/**
 * A percentage as the server sends it ("2.35", "2.346") in the locale's percent style: "2.35%",
 * "2,35 %". `digits` fixes the decimals (a yield's three); without it a rate shows two to four.
 */
export function formatPercent(percent: string, locale: string, digits?: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(percent)) return `${percent}%`;
  // "2.35e-2" is the exact fraction 0.0235: no float arithmetic on the figure.
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: digits ?? 2,
    maximumFractionDigits: digits ?? 4,
  }).format(`${percent}e-2` as Numeric);
}

/**
 * A day of the platform's calendar ("2026-11-25") in the locale: "Nov 25, 2026", or without the year
 * ("Nov 25") when `short`. Formatted at UTC midnight, so no time zone moves it to another day.
 */
export function formatCalendarDate(date: string, locale: string, short = false): string {
  const [year, month, day] = date.split("-").map(Number);
  if (!year || !month || !day) return date;
  const options: Intl.DateTimeFormatOptions = short
    ? { month: "short", day: "numeric", timeZone: "UTC" }
    : { dateStyle: "medium", timeZone: "UTC" };
  return new Intl.DateTimeFormat(locale, options).format(Date.UTC(year, month - 1, day));
}

/**
 * A record's amount with the sign it has for the saver's Yu'ebao: a move in and income add shares, a
 * move out takes them away; a confirmation only turns pending shares into confirmed ones (no sign).
 */
export function recordAmount(record: Pick<SavingsRecord, "type" | "amount">): {
  amount: string;
  signed: boolean;
} {
  const size = toMinor(record.amount);
  const magnitude = size < 0n ? -size : size;
  if (record.type === "confirmation") return { amount: fromMinor(magnitude), signed: false };
  return { amount: fromMinor(record.type === "out" ? -magnitude : magnitude), signed: true };
}

/** The rate that applies on `date`: the upcoming one from its first day on, else today's. */
export function rateOn(date: string, rate: SavingsRate, upcoming: SavingsRate | null): SavingsRate {
  return upcoming && upcoming.effectiveFrom <= date ? upcoming : rate;
}

/** The rules page's worked example: 10,000.00 moved in today at 14:00. */
export interface SavingsExample {
  amount: string;
  movedOn: string;
  time: string;
  /** Whether 14:00 is before the cut-off (confirmed the next day) or not (the day after). */
  beforeCutOff: boolean;
  confirmsOn: string;
  /** The rate of the day it earns for. */
  annualRate: string;
  income: string;
  creditedOn: string;
  perTenThousand: string;
  /** Seven days at that rate, annualised: what the published yield settles at. */
  steadyYield: string;
}

const EXAMPLE_AMOUNT = "10000.00";
const EXAMPLE_TIME = "14:00";

/** Works the example with the contract's own arithmetic, from the live rate and cut-off. */
export function savingsExample(
  today: string,
  cutOff: string,
  rate: SavingsRate,
  upcoming: SavingsRate | null,
): SavingsExample {
  const beforeCutOff = EXAMPLE_TIME < cutOff;
  const confirmsOn = addDays(today, beforeCutOff ? 1 : 2);
  const annualRate = rateOn(confirmsOn, rate, upcoming).annualRate;
  const ppm = annualRateToPpm(annualRate);
  const perTenThousand = incomePerTenThousand(ppm);
  return {
    amount: EXAMPLE_AMOUNT,
    movedOn: today,
    time: EXAMPLE_TIME,
    beforeCutOff,
    confirmsOn,
    annualRate,
    income: fromMinor(dailyIncome(toMinor(EXAMPLE_AMOUNT), ppm)),
    creditedOn: addDays(confirmsOn, 1),
    perTenThousand: fromMinor(perTenThousand),
    steadyYield: annualisedYield(Array.from({ length: 7 }, () => perTenThousand)),
  };
}
