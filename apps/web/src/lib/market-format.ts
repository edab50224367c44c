/**
 * Market figures for display. Prices, changes and volumes arrive as decimal strings and are handed
 * to Intl.NumberFormat as strings, which formats them exactly (no float arithmetic on our side).
 */

import { CLOCK_OPTIONS } from "@tickfair/contract";

type Numeric = Intl.StringNumericLiteral;

const cache = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale}|${key}`;
  let format = cache.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(id, format);
  }
  return format;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "67012.35" at precision 2 → "67,012.35" (en) / "67.012,35" (de), always exactly `precision` decimals. */
export function formatPrice(price: string, precision: number, locale: string): string {
  if (!DECIMAL.test(price)) return price;
  return formatter(locale, `p${precision}`, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  }).format(price as Numeric);
}

/** A 24H change in percent ("-1.25") → "-1.25%", "+0.40%", "0.00%" in the locale's percent style. */
export function formatChange(change: string, locale: string): string {
  if (!DECIMAL.test(change)) return `${change}%`;
  // "1.25e-2" is the exact fraction 0.0125, which the percent style shows as 1.25 %.
  return formatter(locale, "chg", {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(`${change}e-2` as Numeric);
}

/** A traded volume in compact notation: "12345.678" → "12K" (en), "1.23万" (zh-CN). */
export function formatVolume(volume: string, locale: string): string {
  if (!DECIMAL.test(volume)) return volume;
  return formatter(locale, "vol", { notation: "compact", maximumFractionDigits: 2 }).format(
    volume as Numeric,
  );
}

const WEEK_MS = 6 * 24 * 60 * 60 * 1000;

/** When a closed product opens again, short: "Mon 06:00" within the week, else "Nov 30, 06:00". */
export function formatReopens(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const soon = at.getTime() - now.getTime() < WEEK_MS;
  const options: Intl.DateTimeFormatOptions = soon
    ? { weekday: "short", ...CLOCK_OPTIONS }
    : { month: "short", day: "numeric", ...CLOCK_OPTIONS };
  return new Intl.DateTimeFormat(locale, options).format(at);
}
