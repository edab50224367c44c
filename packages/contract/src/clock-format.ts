/**
 * How every time of day in the apps reads, in every locale: a 24-hour clock with two-digit hours
 * ("00:40", "14:05"). Locales' own defaults differ ("0:40", "12:40 AM", "上午12:40"), and one screen
 * showing "0:40" beside another's "00:40" reads as two different clocks.
 */
export const CLOCK_OPTIONS = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** A date with its month's name and the clock above ("Mar 2, 2026, 00:40", "2026年3月2日 00:40"). */
const DATE_AND_CLOCK_OPTIONS = { year: "numeric", month: "short", day: "numeric", ...CLOCK_OPTIONS } as const;

/** The time of day of an instant ("00:40"), to the second when asked ("00:40:09"). */
export function formatClock(
  at: Date,
  locale: string,
  options: { seconds?: boolean; timeZone?: string } = {},
) {
  return new Intl.DateTimeFormat(locale, {
    ...CLOCK_OPTIONS,
    ...(options.seconds ? { second: "2-digit" } : {}),
    timeZone: options.timeZone,
  }).format(at);
}

/** Date and time of an instant ("Mar 2, 2026, 00:40"), to the second when asked. */
export function formatDateAndClock(
  at: Date,
  locale: string,
  options: { seconds?: boolean; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    ...DATE_AND_CLOCK_OPTIONS,
    ...(options.seconds ? { second: "2-digit" } : {}),
    timeZone: options.timeZone,
  }).format(at);
}
