import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../platform/db";
import {
  checkpointNow,
  forge,
  forgePosting,
  grant,
  type LedgerWithUser,
  useLedgerWithUser,
} from "../test/ledger-fixtures";
import { keepCheckpoint } from "./check-record";
import { checkLedgerInvariants } from "./invariants";
import { type Leg, type PostingInput, post, postJournal } from "./service";

/** Each test breaks its own database: what is forged stays, entries being append-only. */
const fixture = useLedgerWithUser();
let db: Db;
let ledger: LedgerWithUser;
beforeEach(() => {
  ({ db, ledger } = fixture);
});

const sinceCheckpoint = () => checkLedgerInvariants(db, { since: "checkpoint" });
const violations = async () => {
  const report = await sinceCheckpoint();
  expect(report.scope).toBe("since checkpoint");
  return report.violations.join("\n");
};

describe("the ledger check since the newest checkpoint", () => {
  it("is full without a checkpoint; after one it reads what is new and counts the whole ledger", async () => {
    expect((await sinceCheckpoint()).scope).toBe("full");
    await checkpointNow(db);
    await grant(db, ledger, 250n);
    const report = await sinceCheckpoint();
    const full = await checkLedgerInvariants(db, { since: "full" });
    expect(report).toEqual({ ...full, scope: "since checkpoint" });
    expect(report.ok).toBe(true);
    await keepCheckpoint(db, report);
    expect(await sinceCheckpoint()).toMatchObject({ ok: true, cut: report.cut, counts: report.counts });
  });

  it("catches new entries that do not sum to zero", async () => {
    await checkpointNow(db);
    const { house, deposits } = ledger.system;
    const forged = await forge(db, (tx) =>
      forgePosting(tx, [
        { accountId: house, amount: 500n },
        { accountId: deposits, amount: -400n },
      ]),
    );
    const text = await violations();
    expect(text).toMatch(/all entries sum to 100, not 0/);
    expect(text).toContain(`journal ${forged.posting} sums to 100 over 2 entries (0 postings without one)`);
  });

  it("catches new journals of one entry, and a posting without entries", async () => {
    await checkpointNow(db);
    const { house, deposits } = ledger.system;
    const [alone, other, empty] = await forge(db, async (tx) => [
      await forgePosting(tx, [{ accountId: house, amount: 70n }]),
      await forgePosting(tx, [{ accountId: deposits, amount: -70n }]),
      await forgePosting(tx, []),
    ]);
    const text = await violations();
    expect(text).not.toMatch(/all entries sum/);
    expect(text).toContain(`journal ${alone?.posting} sums to 70 over 1 entries`);
    expect(text).toContain(`journal ${other?.posting} sums to -70 over 1 entries`);
    expect(text).toContain(`journal ${empty?.posting} sums to 0 over 0 entries (1 postings without one)`);
  });

  it("reads a journal with postings on both sides of the cut whole", async () => {
    const { house } = ledger.system;
    const at = new Date();
    const [first] = await db.transaction().execute((tx) =>
      postJournal(
        tx,
        [
          { kind: "settlement_house", userId: null, legs: [{ accountId: house, amount: -300n }] },
          { kind: "payout", userId: ledger.userId, legs: [{ accountId: ledger.cash, amount: 300n }] },
        ],
        at,
      ),
    );
    if (first === undefined) throw new Error("no journal");
    // A posting joining the journal after the cut: only the whole journal, read across it, shows it.
    await checkpointNow(db);
    await forge(db, async (tx) => {
      await forgePosting(tx, [{ accountId: house, amount: 70n }], first);
      await forgePosting(tx, [], first);
    });
    const text = await violations();
    expect(text).toContain(`journal ${first} sums to 70 over 3 entries (1 postings without one)`);
  });

  it("catches new postings that let practice money meet real money", async () => {
    await checkpointNow(db);
    const { userId, cash, practiceCash, system } = ledger;
    const at = new Date();
    await db.transaction().execute(async (tx) => {
      const move = (
        kind: PostingInput["kind"],
        from: Leg["accountId"],
        to: Leg["accountId"],
        amount: bigint,
      ) =>
        post(tx, {
          kind,
          userId,
          at,
          legs: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        });
      await move("practice_grant", system.practice_bank, practiceCash, 1_000n);
      await move("withdrawal_return", practiceCash, cash, 500n);
      await move("practice_grant", system.house, cash, 200n);
      await postJournal(
        tx,
        [
          { kind: "settlement_house", userId: null, legs: [{ accountId: system.house, amount: -300n }] },
          { kind: "payout", userId, legs: [{ accountId: practiceCash, amount: 300n }] },
        ],
        at,
      );
    });
    const report = await sinceCheckpoint();
    const text = report.violations.join("\n");
    expect(text).toMatch(
      /posting \d+ \(withdrawal_return\) mixes practice and real money: 1 practice and 1 real/,
    );
    expect(text).toMatch(
      /posting \d+ \(practice_grant\) mixes practice and real money: 0 practice and 2 real/,
    );
    expect(text).toMatch(/journal \d+'s practice entries sum to 300, not 0/);
    expect(text).toMatch(/journal \d+'s practice entries sum to -500, not 0/);
    expect(report.violations).toHaveLength(4);
  });

  it("catches a new entry that breaks its account's running balance", async () => {
    await checkpointNow(db);
    const { cash, system } = ledger;
    // Sums to zero, and the account holds what the entry says: only the running balance is wrong.
    const forged = await forge(db, async (tx) => {
      await sql`update accounts set balance = 1200 where id = ${cash}`.execute(tx);
      return forgePosting(tx, [
        { accountId: system.house, amount: -100n },
        { accountId: cash, amount: 100n, balanceAfter: 1_200n },
      ]);
    });
    const report = await sinceCheckpoint();
    expect(report.violations).toEqual([
      `entry ${forged.entries[1]} of account ${cash} states balance_after 1200, not 1100`,
      // The balance it moved to is 100 more than the entries add up to.
      `user accounts' balances have the digest ${1_200n * cash} but their entries give ${1_100n * cash}: a balance changed without an entry`,
    ]);
    expect((await checkLedgerInvariants(db, { since: "full" })).violations.join("\n")).toContain(
      `entry ${forged.entries[1]} of account ${cash} states balance_after 1200, not 1100`,
    );
  });

  it("catches a balance changed without an entry on an account untouched since the cut, and one below zero", async () => {
    await checkpointNow(db);
    await forge(db, async (tx) => {
      await sql`alter table accounts drop constraint user_accounts_never_negative`.execute(tx);
      await sql`update accounts set balance = -5 where id = ${ledger.cash}`.execute(tx);
    });
    const text = await violations();
    expect(text).toMatch(/user accounts' balances have the digest -?\d+ but their entries give \d+/);
    expect(text).toContain(`user account ${ledger.cash} is below zero: -5`);
  });

  it("catches money moved between two untouched accounts, which leaves the sum of balances alone", async () => {
    await checkpointNow(db);
    const { cash, practiceCash } = ledger;
    await forge(db, async (tx) => {
      await sql`update accounts set balance = balance - 400 where id = ${cash}`.execute(tx);
      await sql`update accounts set balance = balance + 400 where id = ${practiceCash}`.execute(tx);
    });
    const report = await sinceCheckpoint();
    expect(report.violations).toHaveLength(1);
    expect(report.violations[0]).toMatch(
      /user accounts' balances have the digest \d+ but their entries give \d+/,
    );
  });

  it("catches an account with new entries that does not hold its last entry's balance", async () => {
    await checkpointNow(db);
    await grant(db, ledger, 10n);
    await forge(db, (tx) =>
      sql`update accounts set balance = balance + 7 where id = ${ledger.cash}`.execute(tx),
    );
    const text = await violations();
    expect(text).toContain(`account ${ledger.cash} holds 1017 but its last entry's balance_after is 1010`);
    expect(text).toMatch(/user accounts' balances have the digest/);
  });

  it("starts from the newest checkpoint with a balance digest; without one it reads everything", async () => {
    // As a checkpoint written before digests were kept: the check cannot vouch for the balances from it.
    const old = sql`insert into ledger_checkpoints (entry_id, posting_id, entries, postings, scope)
      select max(id), (select max(id) from postings), count(*), (select count(*) from postings), 'full'
      from ledger_entries`;
    await old.execute(db);
    expect((await sinceCheckpoint()).scope).toBe("full");
    await checkpointNow(db);
    const cut = (await sinceCheckpoint()).cut;
    await grant(db, ledger, 5n);
    await old.execute(db);
    const report = await sinceCheckpoint();
    expect(report.scope).toBe("since checkpoint");
    expect(report.counts.entries).toBe(4);
    expect(BigInt(report.cut.entryId)).toBeGreaterThan(BigInt(cut.entryId));
    expect(report.ok).toBe(true);
  });

  it("does not read what was changed below the cut, by design; the full check does", async () => {
    await checkpointNow(db);
    // Append-only rows changed anyway, with the triggers off: an entry of the system's demo grants.
    await forge(db, (tx) =>
      sql`update ledger_entries set amount = amount + 100 where account_id = ${ledger.system.demo_grants}`.execute(
        tx,
      ),
    );
    await grant(db, ledger, 10n);
    expect((await sinceCheckpoint()).violations).toEqual([]);
    const full = await checkLedgerInvariants(db, { since: "full" });
    expect(full.violations.join("\n")).toMatch(/all entries sum to 100, not 0/);
  });
});
