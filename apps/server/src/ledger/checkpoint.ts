import type { LedgerCheckScope } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** The ids a check reads up to: every entry and posting at or below them was committed before it read. */
export interface LedgerCut {
  entryId: bigint;
  postingId: bigint;
}

/**
 * A cut a check found sound, with how many entries and postings are at or below it and what user
 * accounts held there. The entries up to it summed to 0, or it would not have been written.
 */
export interface LedgerCheckpoint extends LedgerCut {
  entries: bigint;
  postings: bigint;
  /**
   * Σ amount × account id over user accounts' entries up to the cut (numeric, as text), which is
   * Σ balance × id of what they held there: a later check compares the balances with it.
   */
  balanceDigest: string;
}

/** Where a full check starts: nothing checked yet. */
export const ORIGIN: LedgerCheckpoint = {
  entryId: 0n,
  postingId: 0n,
  entries: 0n,
  postings: 0n,
  balanceDigest: "0",
};

/**
 * Ids come from sequences when a row is inserted, not when it commits, so the highest id alone is not a
 * safe cut: a transaction still open may hold a lower one and commit after the check read past it. An
 * insert takes its table's row-exclusive lock before it draws an id, and keeps it to the end of its
 * transaction; the sequences hand out ids one at a time (cache 1, checked by checkpoint.test.ts), so
 * every id at or below the highest read here was drawn by a transaction holding that lock now, or one
 * already ended. The cut waits for those to end, as CREATE INDEX CONCURRENTLY waits for a table's
 * writers, and later ones draw higher ids.
 *
 * Not `LOCK TABLE … IN SHARE MODE`: it would conflict with (auto)vacuum and hold every new ledger
 * write back while it waited for one (measured: checks of an idle ledger took 20 ms or 800 ms, with
 * autovacuum on the tables). Waiting this way blocks no one. The check then reads in read committed
 * statements, which see everything committed.
 */
export async function takeCut(db: Executor): Promise<LedgerCut> {
  const { rows } = await sql<{ entry_id: string; posting_id: string }>`
    select (select coalesce(max(id), 0) from ledger_entries)::text as entry_id,
           (select coalesce(max(id), 0) from postings)::text as posting_id`.execute(db);
  const writers = await sql<{ vxid: string }>`
    select distinct l.virtualtransaction as vxid from pg_locks l
    where l.locktype = 'relation' and l.granted and l.mode = 'RowExclusiveLock'
      and l.database = (select oid from pg_database where datname = current_database())
      and l.relation in ('ledger_entries'::regclass, 'postings'::regclass)
      and l.pid is distinct from pg_backend_pid()`.execute(db);
  await untilEnded(
    db,
    writers.rows.map((row) => row.vxid),
  );
  return { entryId: BigInt(rows[0]?.entry_id ?? 0), postingId: BigInt(rows[0]?.posting_id ?? 0) };
}

/** Polls until none of these transactions (virtual ids, as pg_locks names them) is still running. */
async function untilEnded(db: Executor, transactions: string[]): Promise<void> {
  let running = transactions;
  while (running.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { rows } = await sql<{ vxid: string }>`
      select virtualxid as vxid from pg_locks
      where locktype = 'virtualxid' and virtualxid = any(${running}::text[])`.execute(db);
    running = rows.map((row) => row.vxid);
  }
}

/**
 * The newest checkpoint with a balance digest; null before any check found the ledger sound, or when
 * every one was written before digests were kept (the next check then reads everything once).
 */
export async function latestCheckpoint(db: Executor): Promise<LedgerCheckpoint | null> {
  const row = await db
    .selectFrom("ledger_checkpoints")
    .select(["entry_id", "posting_id", "entries", "postings", sql<string>`balance_digest::text`.as("digest")])
    .where("balance_digest", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    entryId: row.entry_id,
    postingId: row.posting_id,
    entries: row.entries,
    postings: row.postings,
    balanceDigest: row.digest,
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
      balance_digest: checkpoint.balanceDigest,
      scope,
    })
    .execute();
}
