import { CLOCK_OPTIONS } from "@tickfair/contract";

/**
 * An ISO instant as a numeric date and a 24-hour time to the second, in the operator's own time zone
 * ("2026/11/24 09:31:49", "11/24/2026, 09:31:49"): short enough for a table column, exact for an audit.
 */
export function formatTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    ...CLOCK_OPTIONS,
    second: "2-digit",
  }).format(at);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long something has waited, in its largest sensible unit, rounded down: "< 1 min", "12 min",
 * "3 hr", "2 days" ("12 分钟", "3 小时", "2 天"). Short, for a card or a column.
 */
export function formatAge(ms: number, locale: string): string {
  const unit = (value: number, name: "minute" | "hour" | "day") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  if (ms < MINUTE) return `< ${unit(1, "minute")}`;
  if (ms < HOUR) return unit(Math.floor(ms / MINUTE), "minute");
  if (ms < 2 * DAY) return unit(Math.floor(ms / HOUR), "hour");
  return unit(Math.floor(ms / DAY), "day");
}

/** A count with the locale's grouping ("12,345"). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Basis points as a percentage with two decimals ("0.50%", "12.00%"). */
export function formatBps(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bps / 10_000);
}

/**
 * A day of the platform's calendar ("2026-11-24") in the locale's numeric form ("2026/11/24",
 * "11/24/2026"). It names a day, not an instant: it is shown as it is, in no time zone.
 */
export function formatDate(date: string, locale: string): string {
  const [year, month, day] = date.split("-").map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, day));
}

/** An annual rate in percent as the API writes it ("2.35") as a percentage: two to four decimals. */
export function formatAnnualRate(rate: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
    // Intl.NumberFormat takes exact decimal strings (ES2023); the cast keeps older lib typings happy.
  }).format(`${rate}E-2` as unknown as number);
}

/**
 * A country's ISO code with its name in the operator's language ("中国 (CN)", "China (CN)"): the code
 * stays, as the document shows it; a code the runtime cannot name shows alone.
 */
export function formatCountry(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames(locale, { type: "region", fallback: "none" }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
