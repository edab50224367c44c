import type { CandleInterval } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import {
  aggregateCandles,
  type CandleAggregate,
  type CandleTick,
  type WindowCandle,
  window24h,
} from "./candles";

/** One statement for every interval of every product in the batch. */
export async function upsertCandles(m: Executor, ticks: readonly CandleTick[]): Promise<void> {
  const candles = aggregateCandles(ticks);
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
