import { wallClockParts } from "../platform/wall-clock";

const DAY_MS = 24 * 60 * 60_000;

/** A calendar date as a day count since 1970-01-01, so whole-day arithmetic never meets a time zone. */
type DayNumber = number;

function offsetMs(at: number, timeZone: string): number {
  const p = wallClockParts(new Date(at), timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

function localDay(at: number, timeZone: string): DayNumber {
  const p = wallClockParts(new Date(at), timeZone);
  return Date.UTC(+p.year, +p.month - 1, +p.day) / DAY_MS;
}

/**
 * The first instant of a calendar day on `timeZone`'s clock. Where summer time skips midnight the day
 * starts when the clock jumps (01:00); where midnight happens twice, at the first. The zone's offsets a
 * day either side are tried, since a day holds at most one change.
 */
export function dayStart(day: DayNumber, timeZone: string): number {
  const midnightUtc = day * DAY_MS;
  let first = Number.POSITIVE_INFINITY;
  for (const probe of [midnightUtc - DAY_MS, midnightUtc, midnightUtc + DAY_MS]) {
    const candidate = midnightUtc - offsetMs(probe, timeZone);
    if (candidate < first && localDay(candidate, timeZone) === day) first = candidate;
  }
  return first;
}

/** The day (`"1d"`) or the Monday-to-Sunday week (`"1w"`) holding `at` on `timeZone`'s clock: [start, end). */
export function calendarBucket(
  at: number,
  unit: "1d" | "1w",
  timeZone: string,
): { start: number; end: number } {
  const day = localDay(at, timeZone);
  // 1970-01-01 was a Thursday: day 0 is three days after a Monday.
  const first = unit === "1d" ? day : day - ((((day + 3) % 7) + 7) % 7);
  const length = unit === "1d" ? 1 : 7;
  return { start: dayStart(first, timeZone), end: dayStart(first + length, timeZone) };
}
