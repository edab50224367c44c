import type { LedgerCheckScope } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** The ids a check reads up to: every entry and posting at or below them was committed before it read. */
export interface LedgerCut {
  entryId: bigint;
  postingId: bigint;
}

/**
 * A cut a check found sound, with how many entries and postings are at or below it. The entries up to it
 * summed to 0, or it would not have been written.
 */
export interface LedgerCheckpoint extends LedgerCut {
  entries: bigint;
  postings: bigint;
}

/** Where a full check starts: nothing checked yet. */
export const ORIGIN: LedgerCheckpoint = { entryId: 0n, postingId: 0n, entries: 0n, postings: 0n };

/**
 * Ids come from sequences when a row is inserted, not when it commits, so the highest id alone is not a
 * safe cut: a transaction still open may hold a lower one and commit after the check read past it. A
 * share lock on both tables waits for every transaction that inserted into them to end, and holds new
 * inserts back for the two index lookups; after it, every new row takes a higher id, since both
 * sequences hand out ids one at a time (cache 1, checked by checkpoint.test.ts), not in blocks per
 * session. Inside a caller's transaction the lock lasts until that transaction ends.
 */
export async function takeCut(db: Executor): Promise<LedgerCut> {
  const read = async (tx: Executor): Promise<LedgerCut> => {
    await sql`lock table postings, ledger_entries in share mode`.execute(tx);
    const { rows } = await sql<{ entry_id: string; posting_id: string }>`
      select (select coalesce(max(id), 0) from ledger_entries)::text as entry_id,
             (select coalesce(max(id), 0) from postings)::text as posting_id`.execute(tx);
    return { entryId: BigInt(rows[0]?.entry_id ?? 0), postingId: BigInt(rows[0]?.posting_id ?? 0) };
  };
  return db.isTransaction ? read(db) : db.transaction().execute(read);
}

/** The newest checkpoint; null before any check found the ledger sound. */
export async function latestCheckpoint(db: Executor): Promise<LedgerCheckpoint | null> {
  const row = await db
    .selectFrom("ledger_checkpoints")
    .select(["entry_id", "posting_id", "entries", "postings"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    entryId: row.entry_id,
    postingId: row.posting_id,
    entries: row.entries,
    postings: row.postings,
  };
}

/** Only for a check that found no violation (check-record.ts). */
export async function writeCheckpoint(
  db: Executor,
  checkpoint: LedgerCheckpoint,
  scope: LedgerCheckScope,
): Promise<void> {
  await db
    .insertInto("ledger_checkpoints")
    .values({
      entry_id: checkpoint.entryId,
      posting_id: checkpoint.postingId,
      entries: checkpoint.entries,
      postings: checkpoint.postings,
      scope,
    })
    .execute();
}
