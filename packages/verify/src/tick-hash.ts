import { sha256Hex } from "./sha256";

/** A recorded tick as served: every field is text, exactly as the hash covers it. */
export interface HashedTick {
  prevHash: string;
  symbol: string;
  /** Decimal digits, e.g. "1042". */
  seq: string;
  /** ISO 8601 UTC with milliseconds, e.g. "2026-01-05T08:00:00.000Z". */
  time: string;
  /** Decimal text at the product's precision, e.g. "67012.35". */
  price: string;
}

/** The hash chain's start: the prevHash of every product's first tick. */
export const TICK_GENESIS_HASH = "0".repeat(64);

/** The exact text a tick's hash covers: `${prevHash}|${symbol}|${seq}|${time}|${price}`. */
export function tickHashInput(tick: HashedTick): string {
  return `${tick.prevHash}|${tick.symbol}|${tick.seq}|${tick.time}|${tick.price}`;
}

/** A tick's hash: lowercase hex SHA-256 of tickHashInput, over its UTF-8 bytes. */
export const tickHash = (tick: HashedTick): string => sha256Hex(tickHashInput(tick));
