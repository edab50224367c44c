/**
 * Yu'ebao's arithmetic (ARCHITECTURE §5, Savings), exact in minor units: one share is one currency
 * unit, so a balance of shares is a balance of money. The server pays with these functions and the
 * rules page works its example with the same ones. A rate is held in parts per million of one year
 * (2.35 % is 23 500), so every figure is whole-number arithmetic.
 */

/** Parts per million: 1 % of a year is 10 000. */
export const RATE_PPM_PER_PERCENT = 10_000;
/** The highest annual rate an operator may set, in percent. */
export const SAVINGS_RATE_MAX_PERCENT = 36;
const DAYS_PER_YEAR = 365n;
const PPM = 1_000_000n;
/** 10 000 shares, in minor units. */
const TEN_THOUSAND_SHARES = 1_000_000n;

/** An annual rate as typed and shown, in percent with at most four decimals ("2.35"). */
export const ANNUAL_RATE_PATTERN = /^\d{1,2}(\.\d{1,4})?$/;

export function annualRateToPpm(percent: string): number {
  if (!ANNUAL_RATE_PATTERN.test(percent)) throw new Error(`not an annual rate: ${percent}`);
  const [whole = "0", fraction = ""] = percent.split(".");
  return Number(whole) * RATE_PPM_PER_PERCENT + Number(fraction.padEnd(4, "0"));
}

/** "2.35" for 23 500: at least two decimals, at most four, no trailing zeros past two. */
export function ppmToAnnualRate(ppm: number): string {
  const whole = Math.floor(ppm / RATE_PPM_PER_PERCENT);
  const fraction = String(ppm % RATE_PPM_PER_PERCENT)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${whole}.${fraction}`;
}

/** A day's income on `shares` confirmed shares (minor units): floor(shares × annual_rate / 365). */
export function dailyIncome(shares: bigint, ratePpm: number): bigint {
  if (shares <= 0n || ratePpm <= 0) return 0n;
  return (shares * BigInt(ratePpm)) / (PPM * DAYS_PER_YEAR);
}

/** Income per 10,000 shares for a day, in minor units: what 10,000.00 confirmed earn that day. */
export function incomePerTenThousand(ratePpm: number): bigint {
  return dailyIncome(TEN_THOUSAND_SHARES, ratePpm);
}

/**
 * The annualised yield of the last days' income per 10,000 shares (minor units), in percent with three
 * decimals, rounded half up: (Σ income_per_10k / 10000) × 365 / days. Seven days give the published
 * 7-day annualised yield.
 */
export function annualisedYield(perTenThousand: readonly bigint[]): string {
  if (perTenThousand.length === 0) return "0.000";
  const sum = perTenThousand.reduce((total, value) => total + value, 0n);
  // In thousandths of a percent: sum / 100 / 10000 × 365 / days × 100 × 1000 = sum × 365 / (days × 10),
  // doubled for rounding half up.
  const numerator = sum * DAYS_PER_YEAR * 2n;
  const denominator = BigInt(perTenThousand.length) * 10n;
  const thousandths = (numerator + denominator) / (2n * denominator);
  const whole = thousandths / 1000n;
  return `${whole}.${String(thousandths % 1000n).padStart(3, "0")}`;
}

/** A calendar date "YYYY-MM-DD" moved by `days` (no time zone: a date is a date). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) throw new Error(`not a date: ${date}`);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether "YYYY-MM-DD" names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
