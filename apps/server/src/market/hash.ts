import { createHash } from "node:crypto";
import { TICK_GENESIS_HASH } from "@tickfair/contract";
import { tickHashInput as wireTickHashInput } from "@tickfair/verify";

export { TICK_GENESIS_HASH };

/** The fields a tick's hash covers, as the server holds them (see the contract's TICK_GENESIS_HASH). */
export interface HashedTickFields {
  prevHash: string;
  symbol: string;
  seq: bigint;
  time: Date;
  /** Decimal text at the product's precision, e.g. "67012.35". */
  price: string;
}

/** The exact text hashed: the verify package's rule over the fields as served on the wire. */
export function tickHashInput(tick: HashedTickFields): string {
  return wireTickHashInput({ ...tick, seq: tick.seq.toString(), time: tick.time.toISOString() });
}

/**
 * sha256(prev hash | symbol | seq | time | price), lowercase hex. Node's native SHA-256 here: the feed
 * hashes every tick it records, and the verify package's portable one is slower.
 */
export function tickHash(tick: HashedTickFields): string {
  return createHash("sha256").update(tickHashInput(tick), "utf8").digest("hex");
}

/**
 * A hash as the ticks table stores it (bytea, 32 bytes) in lowercase hex, the form served and hashed
 * everywhere else. node-postgres reads bytea as a Buffer, PGlite as a Uint8Array: this takes either.
 */
export function hashHex(stored: Uint8Array): string {
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString("hex");
}

/** A lowercase hex hash as the ticks table stores it. */
export function hashBytes(hex: string): Buffer {
  return Buffer.from(hex, "hex");
}
