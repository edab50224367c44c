import type { CandleInterval, CandleList, ChainVerification, Tick, TickList } from "@tickfair/contract";
import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { latestCandles } from "./candle-store";
import { latestTick } from "./latest-tick";
import { formatScaled } from "./prices";
import { findProduct } from "./service";
import type { StoredTick } from "./stored-tick";
import { verifyChain } from "./tick-chain-check";
import { citationsOf, ticksInRange } from "./tick-reads";

/** The widest time range one ticks request may span; longer history is what candles are for. */
export const MAX_TICK_SPAN_MS = 24 * 60 * 60_000;
/** The most ticks one verification recomputes. */
export const MAX_VERIFY_TICKS = 10_000n;
export async function productCandles(
  db: Executor,
  symbol: string,
  interval: CandleInterval,
  limit: number,
): Promise<CandleList> {
  const product = await findProduct(db, symbol);
  const rows = await latestCandles(db, product.symbol, interval, limit);
  const price = (value: bigint) => formatScaled(value, product.price_precision);
  return {
    symbol: product.symbol,
    interval,
    items: rows.map((row) => ({
      time: row.bucketStart.toISOString(),
      open: price(row.open),
      high: price(row.high),
      low: price(row.low),
      close: price(row.close),
      volume: formatScaled(row.volume, product.volume_precision),
    })),
  };
}

export function toWireTick(tick: StoredTick): Tick {
  return {
    symbol: tick.symbol,
    seq: tick.seq.toString(),
    time: tick.time.toISOString(),
    price: tick.priceText,
    prevHash: tick.prevHash,
    hash: tick.hash,
    ...(tick.citations && tick.citations.length > 0
      ? {
          sources: tick.citations.map((citation) => ({
            exchange: citation.exchange,
            instrument: citation.instrument,
            tradeId: citation.tradeId,
            price: citation.price,
            time: citation.time.toISOString(),
          })),
        }
      : {}),
  };
}

export interface TickQuery {
  fromSeq?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
}

export async function productTicks(
  db: Executor,
  symbol: string,
  query: TickQuery,
  archives?: BlobStore,
): Promise<TickList> {
  const product = await findProduct(db, symbol);
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (query.fromSeq !== undefined && from !== undefined) throw new AppError("RANGE_INVALID");
  if (query.fromSeq !== undefined && BigInt(query.fromSeq) < 1n) throw new AppError("RANGE_INVALID");
  if (from && to && from > to) throw new AppError("RANGE_INVALID");
  if (from && to && to.getTime() - from.getTime() > MAX_TICK_SPAN_MS) throw new AppError("RANGE_TOO_LARGE");
  const ticks = await ticksInRange(
    db,
    product.symbol,
    {
      ...(query.fromSeq !== undefined ? { fromSeq: BigInt(query.fromSeq) } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      limit: query.limit,
    },
    archives,
  );
  const citations = await citationsOf(
    db,
    product.symbol,
    ticks.map((tick) => tick.seq),
  );
  return { items: ticks.map((tick) => toWireTick({ ...tick, citations: citations.get(tick.seq) })) };
}

export async function verifyProductChain(
  db: Executor,
  symbol: string,
  fromSeqText: string,
  toSeqText: string,
  archives?: BlobStore,
): Promise<ChainVerification> {
  const product = await findProduct(db, symbol);
  const fromSeq = BigInt(fromSeqText);
  const toSeq = BigInt(toSeqText);
  if (fromSeq < 1n || fromSeq > toSeq) throw new AppError("RANGE_INVALID");
  if (toSeq - fromSeq + 1n > MAX_VERIFY_TICKS) throw new AppError("RANGE_TOO_LARGE");
  const head = await latestTick(db, product.symbol);
  // Nothing recorded there yet: nothing to vouch for.
  if (!head || fromSeq > head.seq) throw new AppError("RANGE_INVALID");
  const check = await verifyChain(db, product.symbol, fromSeq, toSeq < head.seq ? toSeq : head.seq, archives);
  return {
    symbol: check.symbol,
    fromSeq: check.fromSeq.toString(),
    toSeq: check.toSeq.toString(),
    checked: check.checked,
    valid: check.valid,
    firstMismatchSeq: check.firstMismatchSeq?.toString() ?? null,
  };
}
