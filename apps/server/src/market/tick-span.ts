import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { archivedTicks, lastArchivedSeq } from "./tick-archives";
import { chained } from "./tick-reads";

/** A tick as a contract shows it: its hash and the hash it continues, in hex. */
export interface SpanTick {
  seq: bigint;
  time: Date;
  price: bigint;
  hash: string;
  prevHash: string;
}

export interface Span {
  fromSeq: bigint;
  /** The last seq, when known (a settled contract's exit). */
  toSeq: bigint | null;
  /** Bounds in time the ticks lie within (a contract's entry and expiry), when known. */
  since: Date | null;
  until: Date | null;
  limit: number;
}

/**
 * Consecutive ticks of a product from `fromSeq`, oldest first, at most `limit`: from its archive files
 * (decision 0084; each checked against the hashes the database keeps) as far as they reach, then from
 * the table. What a contract's detail and receipt show, however old the contract.
 */
export async function ticksOfSpan(
  db: Executor,
  archives: BlobStore,
  symbol: string,
  span: Span,
): Promise<SpanTick[]> {
  const upTo = await lastArchivedSeq(db, symbol);
  const ticks: SpanTick[] = [];
  if (span.fromSeq <= upTo) {
    // Ticks are one per seq: `limit` of them end at most limit - 1 seqs on, whatever the archive holds.
    const reach = span.fromSeq + BigInt(span.limit) - 1n;
    const last = [span.toSeq, upTo, reach].reduce<bigint>((a, b) => (b !== null && b < a ? b : a), upTo);
    for (const tick of await archivedTicks(db, archives, symbol, span.fromSeq, last)) {
      if (span.until && tick.time > span.until) break;
      if (ticks.length === span.limit) return ticks;
      ticks.push({
        seq: tick.seq,
        time: tick.time,
        price: tick.price,
        hash: tick.hash,
        prevHash: tick.prevHash,
      });
    }
    if (ticks.length === span.limit || (span.toSeq !== null && span.toSeq <= upTo)) return ticks;
  }
  const from = span.fromSeq > upTo ? span.fromSeq : upTo + 1n;
  const rows = await db
    .selectFrom("ticks")
    .select(["seq", "time", "price", "hash"])
    .where("symbol", "=", symbol)
    .where("seq", ">=", from)
    .$if(span.toSeq !== null, (q) => q.where("seq", "<=", span.toSeq ?? 0n))
    // Bounded in time too, so the read opens only the months that can hold them.
    .$if(span.since !== null, (q) => q.where("time", ">=", span.since ?? new Date(0)))
    .$if(span.until !== null, (q) => q.where("time", "<=", span.until ?? new Date(0)))
    .orderBy("seq")
    .limit(span.limit - ticks.length)
    .execute();
  const live = await chained(db, symbol, rows);
  return [
    ...ticks,
    ...live.map((row) => ({
      seq: row.seq,
      time: row.time,
      price: row.price,
      hash: row.hash,
      prevHash: row.prevHash,
    })),
  ];
}
