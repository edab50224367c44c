import { createHash } from "node:crypto";
import { TICK_GENESIS_HASH } from "@tickfair/contract";

export { TICK_GENESIS_HASH };

/** The fields a tick's hash covers, as served on the wire (see the contract's TICK_GENESIS_HASH). */
export interface HashedTickFields {
  prevHash: string;
  symbol: string;
  seq: bigint;
  time: Date;
  /** Decimal text at the product's precision, e.g. "67012.35". */
  price: string;
}

/** The exact text hashed: what a user can rebuild from a served tick. */
export function tickHashInput(tick: HashedTickFields): string {
  return `${tick.prevHash}|${tick.symbol}|${tick.seq}|${tick.time.toISOString()}|${tick.price}`;
}

/** sha256(prev_hash | symbol | seq | time | price), lowercase hex. */
export function tickHash(tick: HashedTickFields): string {
  return createHash("sha256").update(tickHashInput(tick), "utf8").digest("hex");
}
