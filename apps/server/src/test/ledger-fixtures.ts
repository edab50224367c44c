import { sql } from "kysely";
import { afterEach, beforeEach, expect } from "vitest";
import { keepCheckpoint } from "../ledger/check-record";
import { checkLedgerInvariants } from "../ledger/invariants";
import {
  openPracticeAccounts,
  openUserAccounts,
  post,
  practiceAccounts,
  systemAccountIds,
  userAccountIds,
} from "../ledger/service";
import type { Db, Tx } from "../platform/db";
import { createTestDb, type TestDb } from "./harness";

/** The one user of a fresh database, with real and practice accounts opened and nothing in them. */
export async function userWithAccounts(db: Db) {
  const user = await db
    .insertInto("users")
    .values({
      account: "ledger1",
      phone: "+8613900000101",
      phone_country: "CN",
      nickname: "l",
      password_hash: "x",
      pay_password_hash: "x",
      invite_code: "LEDGER01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const at = new Date();
  await db.transaction().execute(async (tx) => {
    await openUserAccounts(tx, user.id, at);
    await openPracticeAccounts(tx, user.id, at);
  });
  const real = await userAccountIds(db, user.id);
  const practice = await practiceAccounts(db, user.id);
  const system = await systemAccountIds(db);
  if (!practice) throw new Error("practice accounts were not opened");
  return { userId: user.id, cash: real.cash, practiceCash: practice.practice_cash.id, system };
}

/** That user with 1000 in cash from a demo grant. */
export async function ledgerWithUser(db: Db) {
  const ledger = await userWithAccounts(db);
  await grant(db, ledger, 1_000n);
  return ledger;
}

/** A fresh database per test, with ledgerWithUser's user: for tests that break their own ledger. */
export function useLedgerWithUser() {
  const context = {} as { testDb: TestDb; db: Db; ledger: LedgerWithUser };
  beforeEach(async () => {
    context.testDb = await createTestDb();
    context.db = context.testDb.db;
    context.ledger = await ledgerWithUser(context.db);
  });
  afterEach(() => context.testDb.destroy());
  return context;
}

export type LedgerWithUser = Awaited<ReturnType<typeof ledgerWithUser>>;

/** `amount` more in the user's cash, from the demo grants account: a sound posting. */
export async function grant(db: Db, ledger: LedgerWithUser, amount: bigint): Promise<bigint> {
  return db.transaction().execute((tx) =>
    post(tx, {
      kind: "demo_grant",
      userId: ledger.userId,
      at: new Date(),
      legs: [
        { accountId: ledger.system.demo_grants, amount: -amount },
        { accountId: ledger.cash, amount },
      ],
    }),
  );
}

/** A full check that finds the ledger sound, kept as the checkpoint. */
export async function checkpointNow(db: Db): Promise<void> {
  const report = await checkLedgerInvariants(db, { since: "full" });
  expect(report.violations).toEqual([]);
  await keepCheckpoint(db, report);
}

/**
 * Writes what the ledger's triggers would refuse, as a superuser can: with them off for one transaction
 * (session_replication_role), which also works on a pool, unlike disabling them table by table.
 */
export function forge<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    return write(tx);
  });
}

/** A posting with the given entries, written past the triggers; balance_after as given, or none. */
export async function forgePosting(
  tx: Tx,
  entries: { accountId: bigint; amount: bigint; balanceAfter?: bigint }[],
  journalId: bigint | null = null,
): Promise<{ posting: bigint; entries: bigint[] }> {
  const { rows } = await sql<{ id: bigint }>`
    insert into postings (kind, user_id, journal_id) values ('forged', null, ${journalId}) returning id`.execute(
    tx,
  );
  const posting = rows[0]?.id;
  if (posting === undefined) throw new Error("no posting");
  const ids: bigint[] = [];
  for (const entry of entries) {
    const written = await sql<{ id: bigint }>`
      insert into ledger_entries (posting_id, account_id, amount, balance_after)
      values (${posting}, ${entry.accountId}, ${entry.amount}, ${entry.balanceAfter ?? null}) returning id`.execute(
      tx,
    );
    ids.push(written.rows[0]?.id ?? 0n);
  }
  return { posting, entries: ids };
}
