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
  readonly seq: bigint;
  readonly time: Date;
  readonly price: bigint;
  readonly volume: bigint;
  readonly prevHash: string;
  readonly hash: string;
}

/**
 * Files verified lately (least recently used last out), by everything their row vouches for: reading
 * one again costs a look at the file's length instead of decoding it and recomputing its hashes (75 to
 * 125 ms for 16,384 ticks here). A file's name is its sha256, so a cached file is the file; one lost or
 * cut short since is still refused. At most VERIFIED_FILES × about 5 MB.
 */
const VERIFIED_FILES = 4;
const verifiedFiles = new Map<string, VerifiedTick[]>();

/** How checks and errors name a file: by its product and the ticks it holds. */
export function archiveName(row: { symbol: string; first_seq: bigint; last_seq: bigint }): string {
  return `${row.symbol}: the archive of ticks ${row.first_seq}–${row.last_seq}`;
}

interface ArchiveRow {
  symbol: string;
  first_seq: bigint;
  last_seq: bigint;
  prev_hash: Uint8Array;
  last_hash: Uint8Array;
  file_sha256: Uint8Array;
  file_bytes: number;
}

/**
 * A product's archived ticks from `fromSeq` to `toSeq` (as far as the archive reaches), each file
 * checked first: its bytes hash to the sha256 its row keeps, its header names the row's product, seqs
 * and first previous hash, and its ticks' hashes, recomputed, end at the row's last hash. Throws
 * ArchiveMismatch for a file that is missing or fails any of that. `fresh` reads and recomputes every
 * file even if verified lately (the full integrity check), and keeps none.
 */
export async function archivedTicks(
  db: Executor,
  blobs: BlobStore,
  symbol: string,
  fromSeq: bigint,
  toSeq: bigint,
  options: { fresh?: boolean } = {},
): Promise<VerifiedTick[]> {
  const files = await db
    .selectFrom("tick_archives")
    .select(["symbol", "first_seq", "last_seq", "prev_hash", "last_hash", "file_sha256", "file_bytes"])
    .where("symbol", "=", symbol)
    .where("last_seq", ">=", fromSeq)
    .where("first_seq", "<=", toSeq)
    .orderBy("first_seq")
    .execute();
  const ticks: VerifiedTick[] = [];
  for (const file of files) {
    const verified = await verifiedFile(blobs, file, options.fresh ?? false);
    // A file's ticks are its row's seqs in order, one each (verifiedFile checked the count and the
    // chain): the range is a slice, not a pass over all 16,384.
    const from = fromSeq > file.first_seq ? Number(fromSeq - file.first_seq) : 0;
    const to = toSeq < file.last_seq ? Number(toSeq - file.first_seq) + 1 : verified.length;
    ticks.push(...verified.slice(from, to));
  }
  return ticks;
}

async function verifiedFile(blobs: BlobStore, file: ArchiveRow, fresh: boolean): Promise<VerifiedTick[]> {
  const mismatch = (why: string) => new ArchiveMismatch(`${archiveName(file)} ${why}`, file.first_seq);
  const sha256 = hashHex(file.file_sha256);
  const prevHash = hashHex(file.prev_hash);
  const key = [file.symbol, file.first_seq, file.last_seq, prevHash, hashHex(file.last_hash), sha256].join(
    " ",
  );
  const cached = fresh ? undefined : verifiedFiles.get(key);
  if (cached) {
    const size = await blobs.size(archiveKey(sha256));
    if (size === null) throw mismatch("is missing");
    if (size !== file.file_bytes) throw mismatch("has changed");
    verifiedFiles.delete(key);
    verifiedFiles.set(key, cached);
    return cached;
  }
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
  if (
    header.symbol !== file.symbol ||
    header.firstSeq !== file.first_seq ||
    BigInt(header.count) !== file.last_seq - file.first_seq + 1n ||
    header.prevHash !== prevHash
  ) {
    throw mismatch("is not the one recorded");
  }
  const hashes = archiveHashes(header, read);
  if (hashes.at(-1) !== hashHex(file.last_hash)) throw mismatch("does not end at the recorded hash");
  const ticks = read.map((tick, index) => ({
    ...tick,
    prevHash: index === 0 ? prevHash : (hashes[index - 1] as string),
    hash: hashes[index] as string,
  }));
  if (fresh) return ticks;
  verifiedFiles.set(key, ticks);
  if (verifiedFiles.size > VERIFIED_FILES) {
    const oldest = verifiedFiles.keys().next().value;
    if (oldest !== undefined) verifiedFiles.delete(oldest);
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
