import { formatClock, formatDateAndClock, formatRelativeTime } from "@tickfair/contract";

/** Date and time of an ISO instant in the user's locale and time zone ("21 Nov 2025, 14:05"). */
export function formatDateTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatDateAndClock(at, locale);
}

/** The time of day of an ISO instant in the user's time zone ("00:40", "14:05"). */
export function formatTimeOfDay(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatClock(at, locale);
}

/** The specification's relative time: "just now" under 15 minutes, then minutes, hours, else date and time. */
export function formatWhen(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatRelativeTime(at, now, locale);
}

/** Date and time to the second, for recorded ticks and contract times ("21 Nov 2025, 14:05:09"). */
export function formatDateTimeSeconds(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatDateAndClock(at, locale, { seconds: true });
}

/** The device's IANA time zone ("Asia/Shanghai"), the one the Intl formatters above write in. */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
