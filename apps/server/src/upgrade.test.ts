import { toMinor } from "@tickfair/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDepositMethods } from "./cashier/deposit-methods";
import { createDeposit } from "./cashier/deposits";
import { writeCashierSettings } from "./cashier/settings";
import { checkLedgerInvariants } from "./ledger/invariants";
import { systemAccountIds, userAccountIds } from "./ledger/service";
import { CATALOGUE } from "./market/catalogue";
import { verifyChain } from "./market/tick-chain-check";
import { ManualClock } from "./platform/clock";
import type { Db } from "./platform/db";
import { createMigrator, migrateToLatest, readMigrations } from "./platform/migrations";
import { hashPassword } from "./platform/passwords";
import { createEmptyTestDb, type TestDb } from "./test/harness";
import {
  catalogueBefore,
  contractPlacedBefore,
  registeredBefore,
  SNAPSHOT,
  snapshot,
  ticksRecordedBefore,
  transfer,
} from "./test/upgrade-fixtures";
import { checkExposureInvariants } from "./trading/invariants";

/**
 * A database the previous release built and filled upgrades to the current timeline without losing or
 * changing anything: written at 0012 through the services of the time (and SQL for what only that
 * schema had), then migrated to the latest migration.
 */
const BEFORE = "0012_contract_order_number";

describe(`a database at ${BEFORE}, upgraded`, () => {
  const clock = new ManualClock("2026-01-05T08:00:00Z");
  let testDb: TestDb;
  let db: Db;
  let before: Record<string, string[]>;
  const ids = { alice: 0n, bob: 0n, methodId: 0n, cryptoMethodId: 0n };

  beforeAll(async () => {
    testDb = await createEmptyTestDb();
    db = testDb.db;
    const partial = await createMigrator(db).migrateTo(BEFORE);
    if (partial.error) throw partial.error;

    await db
      .insertInto("invite_codes")
      .values({ code: "UPGRADE1", max_uses: null, created_at: clock.now() })
      .execute();
    ids.alice = await registeredBefore(db, clock, { account: "Alice01", phone: "+8613900000001" });
    ids.bob = await registeredBefore(db, clock, { account: "bob0002", phone: "+8613900000002" });
    // An operator as this schema held one: no second factor yet.
    const operator = await db
      .insertInto("operators")
      .values({
        username: "Finance_1",
        password_hash: await hashPassword("operator-pass-1"),
        role: "finance",
        created_at: clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Sign-in failures as this schema counted them, on the users and operators tables.
    await sql`update users set failed_logins = 4, throttled_until = ${new Date("2026-01-05T08:15:00Z")}
      where id = ${ids.alice}`.execute(db);
    await sql`update operators set failed_logins = 2 where id = ${operator.id}`.execute(db);

    await writeCashierSettings(
      db,
      {
        withdrawalFeeFixed: "1.00",
        withdrawalFeeRateBps: 50,
        withdrawalMinAmount: "10.00",
        depositSecondApprovalAbove: "500.00",
      },
      clock.now(),
    );
    // Deposit methods as this schema held them: one English name and instructions each.
    const methods = await sql<{ id: bigint }>`insert into deposit_methods (kind, name, bank_name,
        account_name, account_number, instructions, min_amount, max_amount, created_at, updated_at)
      values ('bank', 'Bank transfer', 'Test Bank', 'Tickfair Ltd', '6222000011112222', '', 1000, 5000000,
        ${clock.now()}, ${clock.now()})
      returning id`.execute(db);
    const crypto = await sql<{ id: bigint }>`insert into deposit_methods (kind, name, network, address,
        instructions, min_amount, max_amount, created_at, updated_at)
      values ('crypto', 'USDT (TRC20)', 'TRC20', 'TUpgradeAddress', 'Send only USDT on TRC20.', 1000, 5000000,
        ${clock.now()}, ${clock.now()})
      returning id`.execute(db);
    ids.methodId = BigInt(methods.rows[0]?.id ?? 0n);
    ids.cryptoMethodId = BigInt(crypto.rows[0]?.id ?? 0n);

    // The accounts of the version being seeded: the newest system accounts come with later migrations.
    const systemRows = await db
      .selectFrom("accounts")
      .select(["id", "kind"])
      .where("user_id", "is", null)
      .execute();
    const systemId = (kind: string) => systemRows.find((row) => row.kind === kind)?.id ?? 0n;
    const system = { demo_grants: systemId("demo_grants"), deposits: systemId("deposits") };
    const alice = await userAccountIds(db, ids.alice);
    const bob = await userAccountIds(db, ids.bob);
    await db.transaction().execute(async (tx) => {
      const grant = { kind: "demo_grant" as const, userId: ids.bob };
      await transfer(tx, clock.now(), grant, system.demo_grants, bob.cash, 50_000n);
      // A deposit confirmed under this schema (its posting and row), and one still waiting for review.
      const postingId = await transfer(
        tx,
        clock.now(),
        { kind: "deposit", userId: ids.alice, reference: "D0000000001" },
        system.deposits,
        alice.cash,
        120_000n,
      );
      await sql`insert into deposits (user_id, method_id, amount, reference, status, posting_id, created_at,
          reviewed_at, reviewed_by)
        values (${ids.alice}, ${ids.methodId}, 120000, 'first', 'success', ${postingId}, ${clock.now()},
          ${clock.now()}, ${operator.id})`.execute(tx);
      await sql`insert into deposits (user_id, method_id, amount, reference, created_at)
        values (${ids.bob}, ${ids.methodId}, 80000, 'second', ${clock.now()})`.execute(tx);
    });

    // Withdrawals as this schema kept them: a status and a review time, no timeline.
    const card = await sql<{ id: bigint }>`insert into withdrawal_accounts (user_id, type, account_name,
        bank_name, card_number, bound_at)
      values (${ids.bob}, 'bank', 'Bob', 'Test Bank', '6222000011113333', ${clock.now()})
      returning id`.execute(db);
    const cardId = card.rows[0]?.id ?? 0n;
    const reviewedAt = new Date("2026-01-05T09:30:00Z");
    await sql`insert into withdrawals (user_id, withdrawal_account_id, amount, fee, status, reason, created_at,
        reviewed_at, reviewed_by)
      values (${ids.bob}, ${cardId}, 10000, 100, 'under_review', null, ${clock.now()}, null, null),
        (${ids.bob}, ${cardId}, 20000, 100, 'success', null, ${clock.now()}, ${reviewedAt}, ${operator.id}),
        (${ids.bob}, ${cardId}, 30000, 100, 'failed', 'Name mismatch', ${clock.now()}, ${reviewedAt},
          ${operator.id}),
        (${ids.bob}, ${cardId}, 40000, 100, 'cancelled', null, ${clock.now()}, ${reviewedAt}, null)`.execute(
      db,
    );

    await catalogueBefore(db);
    await ticksRecordedBefore(db, clock.now());
    clock.advance(5000);
    await contractPlacedBefore(db, clock.now(), ids.alice, 2_500n);

    expect((await checkLedgerInvariants(db)).violations).toEqual([]);
    before = await snapshot(db);
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("records every migration of the timeline, in order", async () => {
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(await readMigrations()));
  });

  it("keeps every row it does not mean to move, unchanged", async () => {
    const after = await snapshot(db);
    for (const table of Object.keys(SNAPSHOT)) expect(after[table], table).toEqual(before[table]);
    expect(before.users).toHaveLength(2);
    expect(before.postings).toHaveLength(3);
    expect(before.contracts).toHaveLength(1);
    expect(before.deposits).toHaveLength(2);
    expect(before.withdrawals).toHaveLength(4);
    expect(before.ticks).toHaveLength(3);
    // Every contract placed before practice existed was real money.
    const wallets = await db.selectFrom("contracts").select("wallet").execute();
    expect(wallets).toEqual([{ wallet: "real" }]);
  });

  it("starts every product's payout table at version 1, and names none for the contracts already placed", async () => {
    const products = await db.selectFrom("products").select("payout_table_version").execute();
    expect(new Set(products.map((product) => product.payout_table_version))).toEqual(new Set([1]));
    // Each product's version 1 is published: today's terms, from the product's creation.
    const terms = await db.selectFrom("product_terms").select(["symbol", "version", "min_stake"]).execute();
    expect(terms.toSorted((a, b) => a.symbol.localeCompare(b.symbol))).toEqual(
      CATALOGUE.map((p) => ({ symbol: p.symbol, version: 1, min_stake: toMinor(p.minStake) })).toSorted(
        (a, b) => a.symbol.localeCompare(b.symbol),
      ),
    );
    const contracts = await db.selectFrom("contracts").select("payout_table_version").execute();
    expect(contracts).toEqual([{ payout_table_version: null }]);
  });

  it("gives every product the anomaly halt's default thresholds, halted by none", async () => {
    const products = await db
      .selectFrom("products")
      .select(["spike_sigmas", "source_tolerance_bps", "anomaly_window_from", "halt_anomaly_id"])
      .execute();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product).toEqual({
        spike_sigmas: 15,
        source_tolerance_bps: 100,
        anomaly_window_from: null,
        halt_anomaly_id: null,
      });
    }
  });

  it("gives each withdrawal already made its timeline from its request and review times", async () => {
    const { rows } = await sql<{ amount: string; kind: string; at: Date; reason: string | null }>`
      select w.amount::text as amount, s.kind, s.at, s.reason from withdrawal_steps s
        join withdrawals w on w.id = s.withdrawal_id order by w.id, s.at, s.id`.execute(db);
    const requested = new Date("2026-01-05T08:00:00Z");
    const reviewed = new Date("2026-01-05T09:30:00Z");
    expect(rows).toEqual([
      { amount: "10000", kind: "requested", at: requested, reason: null },
      { amount: "20000", kind: "requested", at: requested, reason: null },
      // Approval then meant the money had been sent.
      { amount: "20000", kind: "approved", at: reviewed, reason: null },
      { amount: "20000", kind: "paid", at: reviewed, reason: null },
      { amount: "30000", kind: "requested", at: requested, reason: null },
      { amount: "30000", kind: "rejected", at: reviewed, reason: "Name mismatch" },
      { amount: "40000", kind: "requested", at: requested, reason: null },
      { amount: "40000", kind: "cancelled", at: reviewed, reason: null },
    ]);
  });

  it("sums the contracts already placed into the quarter-hour totals the limits are judged by", async () => {
    const { rows: totals } = await sql<{
      user_id: bigint;
      quarter_from: Date;
      staked: bigint;
      placed: number;
    }>`
      select user_id, quarter_from, staked, placed from trading_placed_quarters`.execute(db);
    expect(totals).toEqual([
      { user_id: ids.alice, quarter_from: new Date("2026-01-05T08:00:00Z"), staked: 2_500n, placed: 1 },
    ]);
  });

  it("starts the exposure caps' totals from the contracts open, so the caps judge them from the start", async () => {
    // 25.00 at 85 % pays 46.25 if it wins.
    const sides = await db.selectFrom("trading_exposure_placed").selectAll().execute();
    expect(sides).toEqual([{ symbol: "BTC/USDT", direction: "up", payout: 4_625n }]);
    const users = await db.selectFrom("trading_user_exposure_placed").selectAll().execute();
    expect(users).toEqual([{ user_id: ids.alice, symbol: "BTC/USDT", payout: 4_625n }]);
    expect(await checkExposureInvariants(db)).toEqual([]);
  });

  it("carries sign-in failures over, by lower-cased name", async () => {
    const failures = await db
      .selectFrom("sign_in_failures")
      .select(["realm", "name", "failures", "throttled_until"])
      .orderBy("realm")
      .orderBy("name")
      .execute();
    expect(failures).toEqual([
      { realm: "operator", name: "finance_1", failures: 2, throttled_until: null },
      { realm: "user", name: "alice01", failures: 4, throttled_until: new Date("2026-01-05T08:15:00Z") },
    ]);
  });

  it("gives the deposits already made the review threshold in force when they were made", async () => {
    const deposits = await db.selectFrom("deposits").select("second_approval_above").execute();
    expect(deposits.map((deposit) => deposit.second_approval_above)).toEqual([50_000n, 50_000n]);
  });

  it("keeps each deposit method's name and instructions, as English and as the default locale's text", async () => {
    const stored = await db
      .selectFrom("deposit_methods")
      .select(["id", "names", "instructions"])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: ids.methodId, names: { "zh-CN": "Bank transfer", en: "Bank transfer" }, instructions: {} },
      {
        id: ids.cryptoMethodId,
        names: { "zh-CN": "USDT (TRC20)", en: "USDT (TRC20)" },
        instructions: { "zh-CN": "Send only USDT on TRC20.", en: "Send only USDT on TRC20." },
      },
    ]);
    for (const locale of ["zh-CN", "en", "ja"] as const) {
      const listed = await listDepositMethods(db, { activeOnly: true, locale });
      expect(
        listed.map((method) => [method.name, method.instructions]),
        locale,
      ).toEqual([
        ["Bank transfer", ""],
        ["USDT (TRC20)", "Send only USDT on TRC20."],
      ]);
    }
  });

  it("keeps the ledger's invariants and the tick chain, and takes new writes", async () => {
    expect((await checkLedgerInvariants(db)).violations).toEqual([]);
    expect((await verifyChain(db, "BTC/USDT", 1n, 3n)).valid).toBe(true);

    clock.advance(1000);
    const system = await systemAccountIds(db);
    const bob = await userAccountIds(db, ids.bob);
    await db.transaction().execute(async (tx) => {
      await createDeposit(
        tx,
        ids.bob,
        { methodId: String(ids.methodId), amount: "20.00", reference: "third", proofFileId: null },
        clock.now(),
        "en",
      );
      const grant = { kind: "demo_grant" as const, userId: ids.bob };
      await transfer(tx, clock.now(), grant, system.demo_grants, bob.cash, 1_000n);
    });
    const overdraw = { kind: "withdrawal" as const, userId: ids.bob };
    await expect(
      db
        .transaction()
        .execute((tx) => transfer(tx, clock.now(), overdraw, bob.cash, system.house, 10_000_000n)),
    ).rejects.toThrow();
    const report = await checkLedgerInvariants(db);
    expect(report.violations).toEqual([]);
    expect(report.counts.postings).toBe(4);
  });
});
