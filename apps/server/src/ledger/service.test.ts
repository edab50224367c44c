import type { PostingKind } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { AppError } from "../platform/errors";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { checkLedgerInvariants } from "./invariants";
import { post, postJournal, systemAccountIds, userAccountIds, userBalances } from "./service";

const t = useTestApp();

/** Posts `amount` of the user's from one account to another, in a transaction of its own. */
function transfer(userId: bigint, from: bigint, to: bigint, amount: bigint, kind: PostingKind = "stake") {
  return t.db.transaction().execute((tx) =>
    post(tx, {
      kind,
      userId,
      at: t.clock.now(),
      legs: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
    }),
  );
}

async function fundedUser(amount: bigint) {
  const { userId } = await registerAndLogin(t);
  const [system, user] = await Promise.all([systemAccountIds(t.db), userAccountIds(t.db, userId)]);
  await transfer(userId, system.demo_grants, user.cash, amount, "demo_grant");
  return { userId, system, user };
}

describe("postings", () => {
  it("moves money between accounts and records the balance after each entry", async () => {
    const { userId, user, system } = await fundedUser(10_000n);
    await transfer(userId, user.cash, user.frozen_trade, 2_550n);
    const balances = await userBalances(t.db, userId);
    expect(balances.cash).toBe(7_450n);
    expect(balances.frozen_trade).toBe(2_550n);
    const last = await t.db
      .selectFrom("ledger_entries")
      .select("balance_after")
      .where("account_id", "=", user.cash)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last.balance_after).toBe(7_450n);
    const house = await t.db
      .selectFrom("accounts")
      .select("balance")
      .where("id", "=", system.house)
      .executeTakeFirstOrThrow();
    expect(house.balance).toBeNull();
  });

  it("refuses a posting that would take a user account below zero, and writes nothing of it", async () => {
    const { userId, user, system } = await fundedUser(100n);
    const before = await checkLedgerInvariants(t.db);
    await expect(transfer(userId, user.cash, system.house, 101n)).rejects.toMatchObject({
      code: "INSUFFICIENT_BALANCE",
    });
    expect((await userBalances(t.db, userId)).cash).toBe(100n);
    expect((await checkLedgerInvariants(t.db)).counts).toEqual(before.counts);
  });

  it("refuses unbalanced or single-entry postings in code", async () => {
    const { userId, user, system } = await fundedUser(100n);
    const attempt = (legs: { accountId: bigint; amount: bigint }[]) =>
      t.db.transaction().execute((tx) => post(tx, { kind: "refund", userId, at: t.clock.now(), legs }));
    await expect(attempt([{ accountId: user.cash, amount: -1n }])).rejects.toThrow(/two or more/);
    await expect(
      attempt([
        { accountId: user.cash, amount: -1n },
        { accountId: system.house, amount: 2n },
      ]),
    ).rejects.toThrow(/balance/);
    await expect(
      attempt([
        { accountId: user.cash, amount: 0n },
        { accountId: system.house, amount: 0n },
      ]),
    ).rejects.toThrow(/zero/);
  });

  it("refuses entries whose balance_after does not follow the account's balance, and names that do not exist", async () => {
    const { userId, user, system } = await fundedUser(100n);
    // A posting of +5 to cash and −5 to house; only the balance_after each entry states differs.
    const write = (cashAfter: bigint | null, houseAfter: bigint | null, account = user.cash) =>
      t.db.transaction().execute(async (tx) => {
        const posting = await tx
          .insertInto("postings")
          .values({ kind: "forged", user_id: userId })
          .returning("id")
          .executeTakeFirstOrThrow();
        await sql`insert into ledger_entries (posting_id, account_id, amount, balance_after)
          values (${posting.id}, ${account}, 5, ${cashAfter}::bigint), (${posting.id}, ${system.house}, -5, ${houseAfter}::bigint)`.execute(
          tx,
        );
      });
    await expect(write(null, null)).rejects.toThrow(/state the balance after/);
    // A chain that holds together but starts from another balance than the account's: a writer that
    // read the balance without locking it, and lost a race.
    await expect(write(1_000n, null)).rejects.toThrow(/balance changed while its entries were written/);
    await expect(write(105n, 7n)).rejects.toThrow(/state the balance after/);
    await expect(write(105n, null, 999_999n)).rejects.toThrow(/names no account/);
    await expect(
      sql`insert into ledger_entries (posting_id, account_id, amount, balance_after) values (999999, ${user.cash}, 5, 105)`.execute(
        t.db,
      ),
    ).rejects.toThrow(/names no posting/);
    await expect(
      t.db.insertInto("postings").values({ kind: "forged", user_id: 999_999n }).execute(),
    ).rejects.toThrow(/does not exist/);
    expect(await userBalances(t.db, userId)).toMatchObject({ cash: 100n });
    // The chain that does follow is taken, and moves the balance.
    await write(105n, null);
    expect(await userBalances(t.db, userId)).toMatchObject({ cash: 105n });
  });

  it("is enforced by the database: unbalanced entries, edits, deletes and direct balance changes are refused", async () => {
    const { userId, user, system } = await fundedUser(100n);
    const postingId = await transfer(userId, user.cash, system.house, 10n);
    await expect(
      sql`insert into ledger_entries (posting_id, account_id, amount) values (${postingId}, ${user.cash}, -5), (${postingId}, ${system.house}, 4)`.execute(
        t.db,
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`insert into ledger_entries (posting_id, account_id, amount) values (${postingId}, ${system.house}, 0)`.execute(
        t.db,
      ),
    ).rejects.toThrow();
    await expect(sql`update ledger_entries set amount = amount * 2`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_entries`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entries cascade`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`update postings set kind = 'other'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`update accounts set balance = 1000000 where id = ${user.cash}`.execute(t.db),
    ).rejects.toThrow(/only through ledger entries/);
    await expect(
      sql`update accounts set kind = 'frozen_trade' where id = ${user.cash}`.execute(t.db),
    ).rejects.toThrow(/keeps its owner and kind/);
    await expect(sql`delete from accounts where id = ${user.cash}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    expect((await userBalances(t.db, userId)).cash).toBe(90n);
  });

  it("never overdraws when 200 debits race one balance", async () => {
    const { userId, user, system } = await fundedUser(10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => transfer(userId, user.cash, system.house, 100n)),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
  });
});

describe("journals", () => {
  it("writes postings that balance only together in one statement, with one entry for the house", async () => {
    const a = await fundedUser(1_000n);
    const b = await fundedUser(1_000n);
    const ids = await t.db.transaction().execute((tx) =>
      postJournal(
        tx,
        [
          { kind: "settlement_house", userId: null, legs: [{ accountId: a.system.house, amount: 150n }] },
          {
            kind: "stake_lost",
            userId: a.userId,
            reference: "A",
            legs: [{ accountId: a.user.cash, amount: -300n }],
          },
          {
            kind: "payout",
            userId: b.userId,
            reference: "B",
            legs: [{ accountId: b.user.cash, amount: 150n }],
          },
        ],
        t.clock.now(),
      ),
    );
    expect(ids).toHaveLength(3);
    const postings = await t.db
      .selectFrom("postings")
      .select(["id", "journal_id", "reference"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(postings.map((p) => p.journal_id)).toEqual([ids[0], ids[0], ids[0]]);
    expect(postings.map((p) => p.reference)).toEqual([null, "A", "B"]);
    expect((await userBalances(t.db, a.userId)).cash).toBe(700n);
    expect((await userBalances(t.db, b.userId)).cash).toBe(1_150n);
    expect((await checkLedgerInvariants(t.db)).ok).toBe(true);
  });

  it("refuses a journal that does not balance, an empty posting, or an overdraft, and writes none of it", async () => {
    const a = await fundedUser(1_000n);
    const postingCount = () =>
      t.db.selectFrom("postings").select(sql<string>`count(*)::text`.as("n")).executeTakeFirst();
    const before = await postingCount();
    const write = (postings: Parameters<typeof postJournal>[1]) =>
      t.db.transaction().execute((tx) => postJournal(tx, postings, t.clock.now()));
    await expect(
      write([
        { kind: "settlement_house", userId: a.userId, legs: [{ accountId: a.user.cash, amount: -1n }] },
        { kind: "settlement_house", userId: null, legs: [{ accountId: a.system.house, amount: 2n }] },
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(
      write([
        {
          kind: "settlement_house",
          userId: a.userId,
          legs: [
            { accountId: a.user.cash, amount: -1n },
            { accountId: a.system.house, amount: 1n },
          ],
        },
        { kind: "settlement_house", userId: a.userId, legs: [] },
      ]),
    ).rejects.toThrow(/entry/);
    await expect(
      write([
        { kind: "settlement_house", userId: null, legs: [{ accountId: a.system.house, amount: 5_000n }] },
        { kind: "settlement_house", userId: a.userId, legs: [{ accountId: a.user.cash, amount: -5_000n }] },
      ]),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    // The database itself refuses a journal whose postings do not sum to zero.
    await expect(
      t.db.transaction().execute(async (tx) => {
        const [p] = await postJournal(
          tx,
          [
            { kind: "settlement_house", userId: null, legs: [{ accountId: a.system.house, amount: 1n }] },
            { kind: "settlement_house", userId: a.userId, legs: [{ accountId: a.user.cash, amount: -1n }] },
          ],
          t.clock.now(),
        );
        await sql`insert into ledger_entries (posting_id, account_id, amount) values (${p}, ${a.user.cash}, -1)`.execute(
          tx,
        );
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await postingCount()).toEqual(before);
    expect((await userBalances(t.db, a.userId)).cash).toBe(1_000n);
  });
});
