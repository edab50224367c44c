import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../platform/db";
import { migrateToLatest } from "../platform/migrations";
import { userWithAccounts } from "../test/ledger-fixtures";
import { checkLedgerInvariants } from "./invariants";
import {
  type Leg,
  openUserAccounts,
  type PostingInput,
  post,
  postJournal,
  systemAccountIds,
  userAccountIds,
} from "./service";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");

/** Breaks the ledger the only way possible: as a superuser with its guards switched off. */
async function corrupt(db: Db): Promise<void> {
  const user = await db
    .insertInto("users")
    .values({
      account: "victim1",
      phone: "+8613900000001",
      phone_country: "CN",
      nickname: "v",
      password_hash: "x",
      pay_password_hash: "x",
      invite_code: "VICTIM01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.transaction().execute((tx) => openUserAccounts(tx, user.id, new Date()));
  const { cash } = await userAccountIds(db, user.id);
  const { house } = await systemAccountIds(db);
  await sql`alter table ledger_entries disable trigger user`.execute(db);
  await sql`alter table accounts disable trigger user`.execute(db);
  const posting = await db
    .insertInto("postings")
    .values({ kind: "forged", user_id: user.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`insert into ledger_entries (posting_id, account_id, amount) values (${posting.id}, ${cash}, 500), (${posting.id}, ${house}, -400)`.execute(
    db,
  );
  await sql`update accounts set balance = 999 where id = ${cash}`.execute(db);
  await sql`alter table accounts enable trigger user`.execute(db);
  await sql`alter table ledger_entries enable trigger user`.execute(db);
}

describe("ledger invariants", () => {
  it("finds every kind of violation in a corrupted ledger", async () => {
    const db = createDb({ dataDir: null });
    await migrateToLatest(db);
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
    await corrupt(db);
    const report = await checkLedgerInvariants(db);
    expect(report.ok).toBe(false);
    expect(report.violations.join("\n")).toMatch(/all entries sum to 100/);
    expect(report.violations.join("\n")).toMatch(/journal \d+ sums to 100 over 2 entries/);
    expect(report.violations.join("\n")).toMatch(/holds 999 but its entries sum to 500/);
    await db.destroy();
  });

  it("catches every posting that lets practice money meet real money", async () => {
    const db = createDb({ dataDir: null });
    await migrateToLatest(db);
    const { userId, cash, practiceCash, system } = await userWithAccounts(db);
    const at = new Date();
    // Each balances and keeps every balance ≥ 0, so only the practice invariants can catch them.
    await db.transaction().execute(async (tx) => {
      /** A posting of `kind` that moves `amount` from one account to another. */
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
      expect((await checkLedgerInvariants(tx)).ok).toBe(true);
      // Practice units cashed out as real money.
      await move("withdrawal_return", practiceCash, cash, 500n);
      // A "grant" paid by the real house.
      await move("practice_grant", system.house, cash, 200n);
      // A journal whose postings each stay on one side, yet move value from the real house to practice.
      await postJournal(
        tx,
        [
          { kind: "settlement_house", userId: null, legs: [{ accountId: system.house, amount: -300n }] },
          { kind: "payout", userId, legs: [{ accountId: practiceCash, amount: 300n }] },
        ],
        at,
      );
      const report = await checkLedgerInvariants(tx);
      const text = report.violations.join("\n");
      expect(text).toMatch(
        /posting \d+ \(withdrawal_return\) mixes practice and real money: 1 practice and 1 real/,
      );
      expect(text).toMatch(
        /posting \d+ \(practice_grant\) mixes practice and real money: 0 practice and 2 real/,
      );
      expect(text).toMatch(/journal \d+'s practice entries sum to 300, not 0/);
      // The mixed posting is also a journal whose practice entries do not balance on their own.
      expect(text).toMatch(/journal \d+'s practice entries sum to -500, not 0/);
      expect(report.violations).toHaveLength(4);
    });
    await db.destroy();
  });

  it("npm run ledger:check exits 0 on a sound ledger and 1 on a broken one", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-ledger-"));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const cli = ["--import", "tsx", path.join(root, "apps/server/src/ledger-check.ts")];
    const sound = await run(process.execPath, cli, { env, cwd: root });
    expect(sound.stdout).toContain("All ledger invariants hold.");
    expect(sound.stdout).toContain("Tick archives: 0 files of 0 ticks, each read and its hashes recomputed");

    const db = createDb({ dataDir });
    await corrupt(db);
    await db.destroy();
    const broken = await run(process.execPath, cli, { env, cwd: root }).then(
      (ok) => ({ code: 0, stderr: ok.stderr }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("VIOLATION");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
