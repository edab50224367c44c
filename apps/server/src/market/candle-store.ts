import { CANDLE_INTERVALS, type CandleInterval } from "@tickfair/contract";
import { sql } from "kysely";
import type { Db, Executor } from "../platform/db";
import {
  aggregateCandles,
  type CandleAggregate,
  type CandleTick,
  type WindowCandle,
  window24h,
} from "./candles";

/** One statement for every interval of every product in the batch; days and weeks on `timeZone`'s clock. */
export async function upsertCandles(
  m: Executor,
  ticks: readonly CandleTick[],
  timeZone = "UTC",
  intervals: readonly CandleInterval[] = CANDLE_INTERVALS,
): Promise<void> {
  const candles = aggregateCandles(ticks, intervals, timeZone);
  // PostgreSQL takes at most 65535 parameters a statement, 12 a row.
  for (let i = 0; i < candles.length; i += UPSERT_ROWS)
    await upsertAggregates(m, candles.slice(i, i + UPSERT_ROWS));
}

const UPSERT_ROWS = 4000;

async function upsertAggregates(m: Executor, candles: readonly CandleAggregate[]): Promise<void> {
  if (candles.length === 0) return;
  await m
    .insertInto("candles")
    .values(
      candles.map((candle) => ({
        symbol: candle.symbol,
        period: candle.period,
        bucket_start: candle.bucketStart,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
        volume: candle.volume,
        amount: candle.amount.toString(),
        tick_count: candle.tickCount,
        first_seq: candle.firstSeq,
        last_seq: candle.lastSeq,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["symbol", "period", "bucket_start"]).doUpdateSet({
        // The same merge as mergeCandles in candles.ts.
        open: sql`case when excluded.first_seq < candles.first_seq then excluded.open else candles.open end`,
        high: sql`greatest(candles.high, excluded.high)`,
        low: sql`least(candles.low, excluded.low)`,
        close: sql`case when excluded.last_seq > candles.last_seq then excluded.close else candles.close end`,
        volume: sql`candles.volume + excluded.volume`,
        amount: sql`candles.amount + excluded.amount`,
        tick_count: sql`candles.tick_count + excluded.tick_count`,
        first_seq: sql`least(candles.first_seq, excluded.first_seq)`,
        last_seq: sql`greatest(candles.last_seq, excluded.last_seq)`,
      }),
    )
    .execute();
}

export type CandleRow = Pick<
  CandleAggregate,
  "bucketStart" | "open" | "high" | "low" | "close" | "volume" | "amount"
>;

/** The latest `limit` candles of an interval, oldest first. */
export async function latestCandles(
  db: Executor,
  symbol: string,
  interval: CandleInterval,
  limit: number,
): Promise<CandleRow[]> {
  const rows = await db
    .selectFrom("candles")
    .select([
      "bucket_start",
      "open",
      "high",
      "low",
      "close",
      "volume",
      sql<string>`amount::text`.as("amount"),
    ])
    .where("symbol", "=", symbol)
    .where("period", "=", interval)
    .orderBy("bucket_start", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    bucketStart: row.bucket_start,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    amount: BigInt(row.amount),
  }));
}

/** Each product's candles of the rolling 24H window ending `now` (see window24h), oldest first. */
export async function windowCandles(
  m: Executor,
  symbols: readonly string[],
  now: Date,
): Promise<Map<string, WindowCandle[]>> {
  const { minutesFrom, hoursFrom } = window24h(now);
  const rows = await m
    .selectFrom("candles")
    .select([
      "symbol",
      "bucket_start",
      "open",
      "high",
      "low",
      "volume",
      sql<string>`amount::text`.as("amount"),
    ])
    .where("symbol", "in", symbols)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("period", "=", "1m"),
          eb("bucket_start", ">=", minutesFrom),
          eb("bucket_start", "<", hoursFrom),
        ]),
        eb.and([eb("period", "=", "1h"), eb("bucket_start", ">=", hoursFrom), eb("bucket_start", "<=", now)]),
      ]),
    )
    .orderBy("symbol")
    .orderBy("bucket_start")
    .execute();
  const windows = new Map<string, WindowCandle[]>();
  for (const row of rows) {
    const list = windows.get(row.symbol) ?? [];
    list.push({ ...row, amount: BigInt(row.amount) });
    windows.set(row.symbol, list);
  }
  return windows;
}

/**
 * The zone the stored day and week candles follow. Before the server first builds them (a database only
 * tests write to) they follow UTC.
 */
export async function candleTimeZone(m: Executor): Promise<string> {
  const row = await m.selectFrom("candle_calendar").select("time_zone").executeTakeFirst();
  return row?.time_zone ?? "UTC";
}

const REBUILD_TICKS = 5000;

/** Deletes the candles of `intervals` and builds them again from every recorded tick. */
async function rebuildCandles(
  m: Executor,
  intervals: readonly CandleInterval[],
  timeZone: string,
): Promise<void> {
  await m.deleteFrom("candles").where("period", "in", intervals).execute();
  const products = await m.selectFrom("products").select("symbol").orderBy("symbol").execute();
  for (const { symbol } of products) {
    let after = 0n;
    for (;;) {
      const ticks = await ticksAfter(m, symbol, after);
      await upsertCandles(m, ticks, timeZone, intervals);
      const last = ticks.at(-1);
      if (!last || ticks.length < REBUILD_TICKS) break;
      after = last.seq;
    }
  }
}

/**
 * The next page of one product's ticks in seq order: one product at a time, since each product's ticks
 * are partitions of their own whose months are read in seq order without sorting.
 */
function ticksAfter(m: Executor, symbol: string, after: bigint): Promise<CandleTick[]> {
  return m
    .selectFrom("ticks")
    .select(["symbol", "seq", "time", "price", "volume"])
    .where("symbol", "=", symbol)
    .where("seq", ">", after)
    .orderBy("seq")
    .limit(REBUILD_TICKS)
    .execute();
}

/**
 * Makes the stored day and week candles follow `timeZone` (PLATFORM_TZ), rebuilding them from the ticks
 * when they were built in another zone, and the half-hour ones too the first time (they came after the
 * ticks of an older database). The products are locked as a tick writer locks them, so no batch of
 * ticks lands in between.
 */
export async function alignCandleCalendar(db: Db, timeZone: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom("products").select("symbol").orderBy("symbol").forNoKeyUpdate().execute();
    const row = await tx.selectFrom("candle_calendar").select("time_zone").executeTakeFirst();
    if (row?.time_zone === timeZone) return;
    await rebuildCandles(tx, row ? ["1d", "1w"] : ["30m", "1d", "1w"], timeZone);
    await tx
      .insertInto("candle_calendar")
      .values({ time_zone: timeZone })
      .onConflict((conflict) => conflict.column("only_row").doUpdateSet({ time_zone: timeZone }))
      .execute();
  });
}
