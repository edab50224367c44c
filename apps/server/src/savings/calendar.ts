import { addDays } from "@tickfair/contract";
import { wallClockParts } from "../platform/wall-clock";

/** The platform's wall clock at `at`: its date and the milliseconds since its midnight. */
export function wallClock(at: Date, timeZone: string): { date: string; msOfDay: number } {
  const parts = wallClockParts(at, timeZone);
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
