import { CANDLE_INTERVALS, type CandleInterval } from "@tickfair/contract";
import { calendarBucket } from "./candle-calendar";

/** The fixed-length intervals, aligned to the Unix epoch (the same on every clock with whole-hour offsets). */
export const INTERVAL_MS = {
  "1m": 60_000,
  "5m": 5 * 60_000,
  "15m": 15 * 60_000,
  "30m": 30 * 60_000,
  "1h": 60 * 60_000,
} as const satisfies Partial<Record<CandleInterval, number>>;

type CalendarInterval = Exclude<CandleInterval, keyof typeof INTERVAL_MS>;

function isCalendar(interval: CandleInterval): interval is CalendarInterval {
  return !(interval in INTERVAL_MS);
}

/** The last calendar bucket found per zone and unit: a batch of ticks mostly falls in one. */
const lastBuckets = new Map<string, { start: number; end: number }>();

/**
 * The start of the bucket holding `time`. Days and weeks (Monday first) follow the platform's clock
 * (`timeZone`, PLATFORM_TZ), summer time included; the shorter intervals are aligned to the epoch.
 */
export function bucketStart(time: Date, interval: CandleInterval, timeZone = "UTC"): Date {
  const at = time.getTime();
  if (!isCalendar(interval)) {
    const size = INTERVAL_MS[interval];
    return new Date(Math.floor(at / size) * size);
  }
  const key = `${timeZone}\u0000${interval}`;
  let bucket = lastBuckets.get(key);
  if (!bucket || at < bucket.start || at >= bucket.end) {
    bucket = calendarBucket(at, interval, timeZone);
    lastBuckets.set(key, bucket);
  }
  return new Date(bucket.start);
}

export interface CandleTick {
  symbol: string;
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
}

/** One candle's aggregate over some ticks: what a batch adds, or what is stored. */
export interface CandleAggregate {
  symbol: string;
  period: CandleInterval;
  bucketStart: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  /** Σ price × volume at scale 10^(price precision + volume precision). */
  amount: bigint;
  tickCount: number;
  /** Open and close belong to the first and last tick by seq, so merges need not arrive in order. */
  firstSeq: bigint;
  lastSeq: bigint;
}

function singleTick(tick: CandleTick, period: CandleInterval, timeZone: string): CandleAggregate {
  return {
    symbol: tick.symbol,
    period,
    bucketStart: bucketStart(tick.time, period, timeZone),
    open: tick.price,
    high: tick.price,
    low: tick.price,
    close: tick.price,
    volume: tick.volume,
    amount: tick.price * tick.volume,
    tickCount: 1,
    firstSeq: tick.seq,
    lastSeq: tick.seq,
  };
}

/** Combines two aggregates of the same candle; the database's upsert does the same (candle-store.ts). */
export function mergeCandles(a: CandleAggregate, b: CandleAggregate): CandleAggregate {
  return {
    ...a,
    open: b.firstSeq < a.firstSeq ? b.open : a.open,
    high: b.high > a.high ? b.high : a.high,
    low: b.low < a.low ? b.low : a.low,
    close: b.lastSeq > a.lastSeq ? b.close : a.close,
    volume: a.volume + b.volume,
    amount: a.amount + b.amount,
    tickCount: a.tickCount + b.tickCount,
    firstSeq: b.firstSeq < a.firstSeq ? b.firstSeq : a.firstSeq,
    lastSeq: b.lastSeq > a.lastSeq ? b.lastSeq : a.lastSeq,
  };
}

/**
 * The candles some ticks make, one per (symbol, interval, bucket), so a batch becomes a single upsert
 * with no row twice (PostgreSQL refuses to update one row twice in a statement).
 */
export function aggregateCandles(
  ticks: readonly CandleTick[],
  intervals: readonly CandleInterval[] = CANDLE_INTERVALS,
  timeZone = "UTC",
): CandleAggregate[] {
  const byKey = new Map<string, CandleAggregate>();
  for (const tick of ticks) {
    for (const period of intervals) {
      const candle = singleTick(tick, period, timeZone);
      const key = `${candle.symbol}\u0000${period}\u0000${candle.bucketStart.getTime()}`;
      const existing = byKey.get(key);
      byKey.set(key, existing ? mergeCandles(existing, candle) : candle);
    }
  }
  return [...byKey.values()];
}

/** What the 24H figures read of a candle. */
export type WindowCandle = Pick<CandleAggregate, "open" | "high" | "low" | "volume" | "amount">;

export interface Stats24h {
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  amount: bigint;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The rolling 24H window at one-minute granularity, read from few rows: the one-minute candles of the
 * partial first hour, then whole hourly candles up to now (at most 60 + 25 rows per product).
 */
export function window24h(now: Date): { minutesFrom: Date; hoursFrom: Date } {
  const start = now.getTime() - DAY_MS;
  const minutesFrom = Math.floor(start / INTERVAL_MS["1m"]) * INTERVAL_MS["1m"];
  const hoursFrom = Math.ceil(minutesFrom / INTERVAL_MS["1h"]) * INTERVAL_MS["1h"];
  return { minutesFrom: new Date(minutesFrom), hoursFrom: new Date(hoursFrom) };
}

/**
 * 24H open/high/low/volume/amount from the window's candles (oldest first) and the latest price. With no
 * trade in the window the figures rest on the latest price and volume is zero.
 */
export function stats24h(candles: readonly WindowCandle[], last: bigint): Stats24h {
  const first = candles[0];
  if (!first) return { open: last, high: last, low: last, volume: 0n, amount: 0n };
  const stats = { open: first.open, high: first.high, low: first.low, volume: 0n, amount: 0n };
  for (const candle of candles) {
    if (candle.high > stats.high) stats.high = candle.high;
    if (candle.low < stats.low) stats.low = candle.low;
    stats.volume += candle.volume;
    stats.amount += candle.amount;
  }
  return stats;
}
