import pg from "pg";
import { describe, expect, it } from "vitest";
import { userAccountIds, userBalances } from "../ledger/service";
import { feedTick, onPostgres, testDatabaseUrl } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { at, BTC, contractKit } from "../test/contract-kit";
import { useTestApp } from "../test/harness";

// No simulated feed: every tick here is recorded by the test, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order, stillRunning, contractsOf } = contractKit(t);

describe("concurrency", () => {
  it("settles each contract exactly once with several workers racing", async () => {
    const start = nextHour();
    const users = await Promise.all([fundedUser("1000.00"), fundedUser("1000.00"), fundedUser("1000.00")]);
    // Round robin, so every batch a worker claims spans several users' accounts.
    for (let i = 0; i < 12; i++) {
      for (const user of users) {
        const r = await place(user.auth, order({ stake: "10.00", direction: i % 2 === 0 ? "up" : "down" }));
        expect(r.statusCode).toBe(201);
      }
    }
    await recordTicks(t.db, [feedTick(BTC, at(start, 200), 9_500_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_000), 9_600_000n),
      feedTick(BTC, at(start, 61_000), 1n),
    ]);
    t.clock.set(at(start, 61_000));
    // A worker may leave a contract whose user another worker holds for a later run, so each runs
    // until nothing is due any more rather than until one run finds nothing.
    const worker = async () => {
      const mine: bigint[] = [];
      for (;;) {
        const settled = await settle(5);
        mine.push(...settled.map((s) => s.id));
        if (settled.length === 0 && (await stillRunning()) === 0) return mine;
      }
    };
    const runs = await Promise.all([worker(), worker(), worker(), worker()]);
    const all = runs.flat();
    expect(all).toHaveLength(36);
    expect(new Set(all).size).toBe(36);
    for (const user of users) {
      // 6 ups win 18.50 each, 6 downs lose: 1000 − 120 + 111
      expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 99_100n, frozen_trade: 0n });
    }
  });

  it.skipIf(!onPostgres())(
    "leaves a contract whose user another transaction holds for a later run, without waiting for it",
    async () => {
      const start = nextHour();
      const [held, free] = await Promise.all([fundedUser("100.00"), fundedUser("100.00")]);
      for (const user of [held, free]) expect((await place(user.auth, order())).statusCode).toBe(201);
      await recordTicks(t.db, [feedTick(BTC, at(start, 200), 9_500_000n)]);
      await recordTicks(t.db, [
        feedTick(BTC, at(start, 60_000), 9_600_000n),
        feedTick(BTC, at(start, 61_000), 1n),
      ]);
      t.clock.set(at(start, 61_000));
      const databaseUrl = await testDatabaseUrl(t.db);
      if (!databaseUrl) throw new Error("no database url");
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select id from accounts where id = $1 for update", [
          String((await userAccountIds(t.db, held.userId)).cash),
        ]);
        const first = await settle();
        expect(first.map((s) => s.userId)).toEqual([free.userId]);
        await other.query("rollback");
      } finally {
        await other.end();
      }
      const second = await settle();
      expect(second.map((s) => s.userId)).toEqual([held.userId]);
      expect(await stillRunning()).toBe(0);
    },
  );

  it("never overdraws with 100 orders racing one balance", async () => {
    nextHour();
    const user = await fundedUser("505.00");
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => place(user.auth, order({ stake: "10.00" }))),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(50);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe("INSUFFICIENT_BALANCE");
    }
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 500n, frozen_trade: 50_000n });
    expect(await contractsOf(user.userId)).toHaveLength(50);
  });
});
