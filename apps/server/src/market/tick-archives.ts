import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { hashHex } from "./hash";
import { ArchiveMismatch, archiveHashes, decodeArchive, sha256Hex } from "./tick-archive-file";

/** Where a file of archived ticks is kept: under its own sha256, so a changed file cannot keep its name. */
export function archiveKey(sha256: string): string {
  return `tick-archives/${sha256}`;
}

/** An archived tick with its hash and the one it continues, recomputed and checked against the database. */
export interface VerifiedTick {
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
  prevHash: string;
  hash: string;
}

/**
 * A product's archived ticks from `fromSeq` to `toSeq` (as far as the archive reaches), each file
 * checked first: its bytes hash to the sha256 its row keeps, its header names the row's product, seqs
 * and first previous hash, and its ticks' hashes, recomputed, end at the row's last hash. Throws
 * ArchiveMismatch for a file that is missing or fails any of that.
 */
export async function archivedTicks(
  db: Executor,
  blobs: BlobStore,
  symbol: string,
  fromSeq: bigint,
  toSeq: bigint,
): Promise<VerifiedTick[]> {
  const files = await db
    .selectFrom("tick_archives")
    .selectAll()
    .where("symbol", "=", symbol)
    .where("last_seq", ">=", fromSeq)
    .where("first_seq", "<=", toSeq)
    .orderBy("first_seq")
    .execute();
  const ticks: VerifiedTick[] = [];
  for (const file of files) {
    const range = `${symbol}: the archive of ticks ${file.first_seq}–${file.last_seq}`;
    const mismatch = (why: string) => new ArchiveMismatch(`${range} ${why}`, file.first_seq);
    const sha256 = hashHex(file.file_sha256);
    const bytes = await blobs.get(archiveKey(sha256));
    if (!bytes) throw mismatch("is missing");
    if (sha256Hex(bytes) !== sha256) throw mismatch("has changed");
    let decoded: ReturnType<typeof decodeArchive>;
    try {
      decoded = decodeArchive(bytes);
    } catch (error) {
      throw mismatch(`does not read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const { header, ticks: read } = decoded;
    const prevHash = hashHex(file.prev_hash);
    if (
      header.symbol !== symbol ||
      header.firstSeq !== file.first_seq ||
      BigInt(header.count) !== file.last_seq - file.first_seq + 1n ||
      header.prevHash !== prevHash
    ) {
      throw mismatch("is not the one recorded");
    }
    const hashes = archiveHashes(header, read);
    if (hashes.at(-1) !== hashHex(file.last_hash)) throw mismatch("does not end at the recorded hash");
    for (const [index, tick] of read.entries()) {
      if (tick.seq < fromSeq || tick.seq > toSeq) continue;
      ticks.push({
        ...tick,
        prevHash: index === 0 ? prevHash : (hashes[index - 1] as string),
        hash: hashes[index] as string,
      });
    }
  }
  return ticks;
}

/** The last seq a product's archive holds; 0 when nothing of it is archived. */
export async function lastArchivedSeq(db: Executor, symbol: string): Promise<bigint> {
  const row = await db
    .selectFrom("tick_archives")
    .select("last_seq")
    .where("symbol", "=", symbol)
    .orderBy("first_seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.last_seq ?? 0n;
}
