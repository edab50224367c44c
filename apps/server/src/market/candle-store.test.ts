import type { CandleInterval } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { ticksAcrossBoundary } from "../test/candle-fixtures";
import { alignCandleCalendar, type CandleRow, latestCandles } from "./candle-store";
import { aggregateCandles } from "./candles";
import { feedTick } from "./testing";
import { ticksInRange } from "./tick-reads";
import { recordTicks } from "./ticks";
import { useTicksTestDb } from "./ticks.testing";

const { testDb, freshProduct } = useTicksTestDb();

/** A candle as the tests compare them: its bucket's start, then open, high, low, close and volume. */
const row = (c: CandleRow) => [c.bucketStart.toISOString(), c.open, c.high, c.low, c.close, c.volume];

const ohlc = async (symbol: string, interval: CandleInterval) =>
  (await latestCandles(testDb.db, symbol, interval, 1000)).map(row);

/** What every stored candle of `symbol` should be: all its ticks aggregated at once on `zone`'s clock. */
async function rebuilt(symbol: string, interval: CandleInterval, zone: string) {
  const ticks = await ticksInRange(testDb.db, symbol, { fromSeq: 1n, limit: 10_000 });
  return aggregateCandles(ticks, [interval], zone).map(row);
}

describe("half-hour, day and week candles on the platform's clock", () => {
  it("split at Monday 00:00 in Shanghai, not at UTC's midnight, and are rebuilt when the zone changes", async () => {
    await alignCandleCalendar(testDb.db, "Asia/Shanghai");
    const symbol = await freshProduct({ precision: 2, volumePrecision: 0 });
    // Sunday 23:59:58 and 23:59:59, then Monday 00:00:00 and 00:20:00 in Shanghai (UTC+8); on UTC
    // all four fall on Sunday afternoon of one week.
    await ticksAcrossBoundary(testDb.db, symbol, "2026-01-04T16:00:00Z", "2026-01-04T16:20:00Z", 1n);

    const sunday = [100_00n, 100_00n, 98_50n, 98_50n, 3n];
    const monday = [101_00n, 101_00n, 99_00n, 99_00n, 7n];
    expect(await ohlc(symbol, "30m")).toEqual([
      ["2026-01-04T15:30:00.000Z", ...sunday],
      ["2026-01-04T16:00:00.000Z", ...monday],
    ]);
    expect(await ohlc(symbol, "1d")).toEqual([
      ["2026-01-03T16:00:00.000Z", ...sunday],
      ["2026-01-04T16:00:00.000Z", ...monday],
    ]);
    expect(await ohlc(symbol, "1w")).toEqual([
      ["2025-12-28T16:00:00.000Z", ...sunday],
      ["2026-01-04T16:00:00.000Z", ...monday],
    ]);

    // The operator moves the platform to New York: one week, one day (Sunday there), and later ticks
    // keep to that clock.
    await alignCandleCalendar(testDb.db, "America/New_York");
    const week = ["2025-12-29T05:00:00.000Z", 100_00n, 101_00n, 98_50n, 99_00n, 10n];
    expect(await ohlc(symbol, "1w")).toEqual([week]);
    expect(await ohlc(symbol, "1d")).toEqual([["2026-01-04T05:00:00.000Z", ...week.slice(1)]]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-05T05:00:00Z", 100_50n, 5n)]);
    for (const interval of ["30m", "1d", "1w"] as const) {
      expect(await ohlc(symbol, interval)).toEqual(await rebuilt(symbol, interval, "America/New_York"));
    }
  });

  it("are built from the ticks of an older database page by page, and the zone is not rebuilt twice", async () => {
    const symbol = await freshProduct({ precision: 2, volumePrecision: 0 });
    // 5,400 ticks two minutes apart: more than a page, across a week and its Mondays.
    let price = 500_00n;
    for (let batch = 0; batch < 6; batch++) {
      const ticks = Array.from({ length: 900 }, (_, i) => {
        const n = batch * 900 + i;
        price += BigInt((n % 7) - 3);
        return feedTick(symbol, new Date(Date.UTC(2026, 1, 1) + n * 120_000).toISOString(), price, 1n);
      });
      await recordTicks(testDb.db, ticks);
    }
    // As a database from before half-hour candles and the calendar: none of them stored.
    await testDb.db.deleteFrom("candle_calendar").execute();
    await testDb.db.deleteFrom("candles").where("period", "in", ["30m", "1d", "1w"]).execute();

    await alignCandleCalendar(testDb.db, "Europe/Berlin");
    for (const interval of ["30m", "1d", "1w"] as const) {
      expect(await ohlc(symbol, interval)).toEqual(await rebuilt(symbol, interval, "Europe/Berlin"));
    }
    expect((await ohlc(symbol, "1w")).map(([start]) => start)).toEqual([
      "2026-01-25T23:00:00.000Z",
      "2026-02-01T23:00:00.000Z",
    ]);

    // Aligned already: nothing is deleted or rebuilt (a candle changed by hand stays as it is).
    await testDb.db.updateTable("candles").set({ high: 1n }).where("symbol", "=", symbol).execute();
    await alignCandleCalendar(testDb.db, "Europe/Berlin");
    expect((await ohlc(symbol, "1w")).map((c) => c[2])).toEqual([1n, 1n]);
  });
});
