import { addDays } from "@tickfair/contract";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The platform's wall clock at `at`: its date and the milliseconds since its midnight. */
export function wallClock(at: Date, timeZone: string): { date: string; msOfDay: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const msOfDay =
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 +
    at.getUTCMilliseconds();
  return { date: `${parts.year}-${parts.month}-${parts.day}`, msOfDay };
}

/** The platform's date ("YYYY-MM-DD") at `at`. */
export function platformDate(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).date;
}

/** "15:00" as milliseconds since midnight. */
function cutOffMs(cutOff: string): number {
  const [hours = "0", minutes = "0"] = cutOff.split(":");
  return (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/**
 * The day shares moved in at `at` are confirmed: the next day when moved in before the cut-off
 * (platform time), the day after that when moved in at or after it. Wall-clock time, so a day of 23 or
 * 25 hours changes nothing: 15:00 is 15:00.
 */
export function confirmationDate(at: Date, timeZone: string, cutOff: string): string {
  const { date, msOfDay } = wallClock(at, timeZone);
  return addDays(date, msOfDay < cutOffMs(cutOff) ? 1 : 2);
}
