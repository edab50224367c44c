/** The units a span is told in, largest first, each in seconds. */
const UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
] as const;

/**
 * A span of whole seconds in the reader's language, in its two largest units ("2 hr 14 min",
 * "2小时14分钟", "1 day 6 hr"); under a minute in seconds. Intl's unit names and list pattern, as
 * Intl.DurationFormat (not yet everywhere) would write it.
 */
export function formatElapsed(seconds: number, locale: string): string {
  const parts: string[] = [];
  let left = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of UNITS) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count > 0 && parts.length < 2) parts.push(unitText(count, unit, locale));
    // Two units at most, and the second only right after the first: "1 day 5 min" reads as precise.
    if (parts.length > 0 && count === 0) break;
  }
  if (parts.length === 0) return unitText(0, "second", locale);
  return new Intl.ListFormat(locale, { style: "narrow", type: "unit" }).format(parts);
}

function unitText(count: number, unit: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(count);
}

/** Whole seconds from one ISO time to another. */
export function secondsBetween(from: string, to: string): number {
  return Math.floor((Date.parse(to) - Date.parse(from)) / 1000);
}
