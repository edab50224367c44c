import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { hashHex, TICK_GENESIS_HASH, tickHash } from "./hash";
import { formatScaled } from "./prices";
import { ArchiveMismatch } from "./tick-archive-file";
import { archivedTicks, lastArchivedSeq } from "./tick-archives";
import { pricePrecision } from "./tick-reads";

export interface ChainCheck {
  symbol: string;
  fromSeq: bigint;
  /** The end actually checked: `toSeq`, or the latest tick when the range reaches past it. */
  toSeq: bigint;
  checked: number;
  valid: boolean;
  /** The first tick whose hash does not recompute, that does not link to its predecessor, or is missing. */
  firstMismatchSeq: bigint | null;
}

const VERIFY_CHUNK = 2000;

/**
 * Recomputes every hash from `fromSeq` to `toSeq`, each from the hash of the tick before (the first
 * from the genesis hash, or from tick fromSeq − 1), so a tick re-hashed in place breaks its successor. Stops at the first mismatch. Reads in chunks, so
 * memory stays flat however long the range.
 */
export async function verifyChain(
  db: Executor,
  symbol: string,
  fromSeq: bigint,
  toSeq: bigint,
  archives?: BlobStore,
): Promise<ChainCheck> {
  const m = db;
  const precision = await pricePrecision(m, symbol);
  const result: ChainCheck = { symbol, fromSeq, toSeq, checked: 0, valid: true, firstMismatchSeq: null };
  const fail = (seq: bigint): ChainCheck => ({ ...result, toSeq: seq, valid: false, firstMismatchSeq: seq });

  let expectedPrev = TICK_GENESIS_HASH;
  let expectedSeq = fromSeq;
  // The archived part first (decision 0084): each file checked against the hashes its row keeps.
  const archivedUpTo = await lastArchivedSeq(m, symbol);
  if (archivedUpTo > 0n && fromSeq <= archivedUpTo) {
    if (!archives) return fail(fromSeq);
    try {
      const ticks = await archivedTicks(
        m,
        archives,
        symbol,
        fromSeq,
        toSeq < archivedUpTo ? toSeq : archivedUpTo,
      );
      const last = ticks.at(-1);
      if (!last) return fail(fromSeq);
      result.checked = ticks.length;
      expectedPrev = last.hash;
      expectedSeq = last.seq + 1n;
    } catch (error) {
      if (error instanceof ArchiveMismatch) return fail(error.firstSeq ?? fromSeq);
      throw error;
    }
  } else if (fromSeq > 1n) {
    const before =
      (await m
        .selectFrom("ticks")
        .select("hash")
        .where("symbol", "=", symbol)
        .where("seq", "=", fromSeq - 1n)
        .executeTakeFirst()) ??
      (await m
        .selectFrom("tick_archives")
        .select("last_hash as hash")
        .where("symbol", "=", symbol)
        .where("last_seq", "=", fromSeq - 1n)
        .executeTakeFirst());
    if (!before) return fail(fromSeq);
    expectedPrev = hashHex(before.hash);
  }
  while (expectedSeq <= toSeq) {
    const rows = await m
      .selectFrom("ticks")
      .select(["seq", "time", "price", "hash"])
      .where("symbol", "=", symbol)
      .where("seq", ">=", expectedSeq)
      .where("seq", "<=", toSeq)
      .orderBy("seq")
      .limit(VERIFY_CHUNK)
      .execute();
    for (const row of rows) {
      if (row.seq !== expectedSeq) return fail(expectedSeq);
      const recomputed = tickHash({
        prevHash: expectedPrev,
        symbol,
        seq: row.seq,
        time: row.time,
        price: formatScaled(row.price, precision),
      });
      const hash = hashHex(row.hash);
      if (recomputed !== hash) return fail(row.seq);
      result.checked += 1;
      expectedPrev = hash;
      expectedSeq += 1n;
    }
    if (rows.length < VERIFY_CHUNK) break;
  }
  // Past the latest tick there is nothing to check (yet); the result says where it ended.
  return { ...result, toSeq: expectedSeq - 1n };
}
