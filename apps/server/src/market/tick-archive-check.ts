import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { hashHex, TICK_GENESIS_HASH } from "./hash";
import { ArchiveMismatch } from "./tick-archive-file";
import { archivedTicks, archiveKey, archiveName } from "./tick-archives";
import { verifyChain } from "./tick-chain-check";

/** What a check of the tick archives found: the files and the ticks they hold, and what is wrong. */
export interface TickArchiveCheck {
  files: number;
  ticks: number;
  violations: string[];
}

/** Files looked for at once: a bucket answers each over the network. */
const LOOKUPS_AT_ONCE = 16;

/**
 * The tick archives against what the database keeps for them (decision 0084). Always: each product's
 * rows form one chain from seq 1 and the genesis hash, every file is in the blob store at its recorded
 * length, and the oldest tick left in the table continues the last archived hash. `full` also reads
 * every file and recomputes its ticks' hashes to the last hash its row keeps; the routine check relies
 * on a file of the recorded length under its own sha256, which every read of it checks again in full.
 * One file is read at a time, so memory stays flat however long the archive.
 */
export async function checkTickArchives(
  db: Executor,
  blobs: BlobStore,
  scope: "full" | "since checkpoint",
): Promise<TickArchiveCheck> {
  const rows = await db
    .selectFrom("tick_archives")
    .select(["symbol", "first_seq", "last_seq", "prev_hash", "last_hash", "file_sha256", "file_bytes"])
    .orderBy("symbol")
    .orderBy("first_seq")
    .execute();
  const violations: string[] = [];
  let ticks = 0n;
  const lastOf = new Map<string, { seq: bigint; hash: string }>();
  for (const row of rows) {
    const before = lastOf.get(row.symbol) ?? { seq: 0n, hash: TICK_GENESIS_HASH };
    if (row.first_seq !== before.seq + 1n || hashHex(row.prev_hash) !== before.hash) {
      violations.push(`${archiveName(row)} does not continue the archive before it`);
    }
    lastOf.set(row.symbol, { seq: row.last_seq, hash: hashHex(row.last_hash) });
    ticks += row.last_seq - row.first_seq + 1n;
  }

  // Files present at their written length; only those are worth reading in full.
  const present: typeof rows = [];
  for (let start = 0; start < rows.length; start += LOOKUPS_AT_ONCE) {
    const batch = rows.slice(start, start + LOOKUPS_AT_ONCE);
    const sizes = await Promise.all(batch.map((row) => blobs.size(archiveKey(hashHex(row.file_sha256)))));
    for (const [index, row] of batch.entries()) {
      const size = sizes[index];
      if (size === null) violations.push(`${archiveName(row)} is missing`);
      else if (size !== row.file_bytes)
        violations.push(`${archiveName(row)} has ${size} bytes where ${row.file_bytes} were written`);
      else present.push(row);
    }
  }

  if (scope === "full") {
    for (const row of present) {
      try {
        await archivedTicks(db, blobs, row.symbol, row.first_seq, row.last_seq, { fresh: true });
      } catch (error) {
        if (!(error instanceof ArchiveMismatch)) throw error;
        violations.push(error.why);
      }
    }
  }

  for (const [symbol, last] of lastOf) {
    const next = await verifyChain(db, symbol, last.seq + 1n, last.seq + 1n);
    if (!next.valid || next.checked !== 1) {
      violations.push(
        `${symbol}: tick ${last.seq + 1n} in the table does not continue the archive's last hash`,
      );
    }
  }
  return { files: rows.length, ticks: Number(ticks), violations };
}

/** The check as the ledger's check takes it (`npm run ledger:check`, the console's check), on these files. */
export function tickArchiveCheck(blobs: BlobStore) {
  return (db: Executor, scope: "full" | "since checkpoint") => checkTickArchives(db, blobs, scope);
}
