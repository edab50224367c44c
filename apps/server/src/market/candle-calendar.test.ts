import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallClockParts } from "../platform/wall-clock";
import { calendarBucket } from "./candle-calendar";
import { bucketStart } from "./candles";

const iso = (ms: number) => new Date(ms).toISOString();
/** Each case: an instant and a unit, and the start and end of the bucket that instant falls in. */
type Case = [time: string, unit: "1d" | "1w", start: string, end: string];
const expectBuckets = (zone: string, cases: Case[]) => {
  for (const [time, unit, start, end] of cases) {
    const bucket = calendarBucket(Date.parse(time), unit, zone);
    expect([iso(bucket.start), iso(bucket.end)]).toEqual([start, end]);
  }
};

describe("day and week buckets on the platform's clock", () => {
  it("start at midnight, weeks on Monday, in a zone east of UTC", () => {
    expectBuckets("Asia/Shanghai", [
      // Sunday 2026-01-04 23:59:59 and Monday 00:00:00 in Shanghai (UTC+8).
      ["2026-01-04T15:59:59Z", "1w", "2025-12-28T16:00:00.000Z", "2026-01-04T16:00:00.000Z"],
      ["2026-01-04T16:00:00Z", "1w", "2026-01-04T16:00:00.000Z", "2026-01-11T16:00:00.000Z"],
      ["2026-01-04T16:00:00Z", "1d", "2026-01-04T16:00:00.000Z", "2026-01-05T16:00:00.000Z"],
    ]);
    // On UTC the same instant is still Sunday.
    expectBuckets("UTC", [
      ["2026-01-04T16:00:00Z", "1w", "2025-12-29T00:00:00.000Z", "2026-01-05T00:00:00.000Z"],
    ]);
  });

  it("follow summer time: the week it starts in is an hour short, its day too", () => {
    expectBuckets("America/New_York", [
      // New York moves from UTC-5 to UTC-4 on Sunday 2026-03-08 at 02:00.
      ["2026-03-08T12:00:00Z", "1w", "2026-03-02T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
      ["2026-03-08T12:00:00Z", "1d", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
      // …and back on Sunday 2026-11-01: that day has 25 hours.
      ["2026-11-01T12:00:00Z", "1d", "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ]);
  });

  it("start a day whose midnight the clock skips when the clock jumps", () => {
    // Santiago skips from Saturday 2026-09-05 24:00 (UTC-4) to Sunday 01:00 (UTC-3).
    expectBuckets("America/Santiago", [
      ["2026-09-06T12:00:00Z", "1d", "2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"],
    ]);
    expect(wallClockParts(new Date("2026-09-06T04:00:00Z"), "America/Santiago").hour).toBe("01");
  });

  const zones = [
    "UTC",
    "Asia/Shanghai",
    "America/New_York",
    "Europe/Berlin",
    "America/Santiago",
    "Asia/Kolkata",
  ];

  it("hold the instant, begin a new calendar day, and weeks begin on Monday, in any zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        fc.constantFrom("1d" as const, "1w" as const),
        (at, zone, unit) => {
          const { start, end } = calendarBucket(at, unit, zone);
          expect(start).toBeLessThanOrEqual(at);
          expect(at).toBeLessThan(end);
          const date = (ms: number) => {
            const p = wallClockParts(new Date(ms), zone);
            return `${p.year}-${p.month}-${p.day}`;
          };
          expect(date(start - 1000)).not.toBe(date(start));
          expect(date(end - 1000)).not.toBe(date(end));
          const hours = (end - start) / 3_600_000;
          const days = unit === "1d" ? 1 : 7;
          expect(Math.abs(hours - 24 * days)).toBeLessThanOrEqual(1);
          if (unit === "1w") {
            const p = wallClockParts(new Date(start), zone);
            expect(new Date(Date.UTC(+p.year, +p.month - 1, +p.day)).getUTCDay()).toBe(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("half hours align to the epoch, the same in every zone with whole or half-hour offsets", () => {
    expect(bucketStart(new Date("2026-01-04T16:29:59Z"), "30m", "Asia/Shanghai").toISOString()).toBe(
      "2026-01-04T16:00:00.000Z",
    );
    expect(bucketStart(new Date("2026-01-04T16:30:00Z"), "30m", "Asia/Kolkata").toISOString()).toBe(
      "2026-01-04T16:30:00.000Z",
    );
  });
});
