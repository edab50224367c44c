import type { Ticker } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { windowCandles } from "./candle-store";
import { stats24h, type WindowCandle } from "./candles";
import { chainHeads } from "./chain-heads";
import { changePercent, formatScaled, rescale } from "./prices";

/**
 * Each product's ticker: the latest tick and the rolling 24H open/high/low/change/volume/amount, read
 * from candles (never a day of ticks). Products without ticks are absent. The 24H end where the price
 * shown was made: now for a live product, the last tick for one that stopped (closed at the weekend,
 * under maintenance), so a closed market shows its last session's figures rather than none.
 */
export async function latestTickers(
  db: Executor,
  now: Date,
  symbols?: readonly string[],
): Promise<Map<string, Ticker>> {
  const m = db;
  const heads = await chainHeads(m, symbols);
  const tickers = new Map<string, Ticker>();
  if (heads.length === 0) return tickers;
  // Live products share one window (one query); each stopped one's window ends at its own last minute.
  const byEnd = new Map<number, string[]>();
  for (const head of heads) {
    const end = windowEnd(head.time, now).getTime();
    byEnd.set(end, [...(byEnd.get(end) ?? []), head.symbol]);
  }
  const windows = new Map<string, WindowCandle[]>();
  for (const [end, symbols] of byEnd) {
    for (const [symbol, candles] of await windowCandles(m, symbols, new Date(end)))
      windows.set(symbol, candles);
  }
  for (const head of heads) {
    const stats = stats24h(windows.get(head.symbol) ?? [], head.price);
    const price = (value: bigint) => formatScaled(value, head.price_precision);
    // The last price may be newer than the window's candles read (a tick committed in between).
    const high = stats.high > head.price ? stats.high : head.price;
    const low = stats.low < head.price ? stats.low : head.price;
    tickers.set(head.symbol, {
      symbol: head.symbol,
      price: price(head.price),
      time: head.time.toISOString(),
      seq: head.seq.toString(),
      change24h: changePercent(stats.open, head.price),
      open24h: price(stats.open),
      high24h: price(high),
      low24h: price(low),
      volume24h: formatScaled(stats.volume, head.volume_precision),
      amount24h: formatScaled(rescale(stats.amount, head.price_precision + head.volume_precision, 2), 2),
    });
  }
  return tickers;
}

/** A tick within this long of now is live: its product's 24H ends now. */
const LIVE_MS = 60_000;

function windowEnd(lastTick: Date, now: Date): Date {
  return now.getTime() - lastTick.getTime() <= LIVE_MS ? now : lastTick;
}
