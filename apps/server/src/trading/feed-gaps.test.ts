import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { at, BTC, contractKit } from "../test/contract-kit";
import { useTestApp } from "../test/harness";
import { assignEntries, FEED_SILENCE_MS } from "./service";

// No simulated feed: every tick here is recorded by the test, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order, contractsOf } = contractKit(t);

describe("feed gaps", () => {
  it("voids a contract without a tick within the gap before expiry, returning the stake", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    expect((await place(user.auth, order({ stake: "40.00", direction: "down" }))).statusCode).toBe(201);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 500), 9_500_000n),
      feedTick(BTC, at(start, 30_000), 9_000_000n),
    ]);
    // Nothing from 30 s until well after expiry (60.5 s): the last tick before expiry is too old to be the exit.
    await recordTicks(t.db, [feedTick(BTC, at(start, 70_000), 8_000_000n)]);
    t.clock.set(at(start, 70_000));
    const settled = await settle();
    expect(settled).toMatchObject([{ result: "void", payout: 4_000n }]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    const closed = await t.app.inject({
      method: "GET",
      url: "/api/v1/trading/contracts/closed",
      headers: user.auth,
    });
    expect(closed.json().items[0]).toMatchObject({
      status: "void",
      result: "void",
      exit: null,
      profit: "0.00",
    });
  });

  it("settles with the ticks there are once the feed has been silent a minute after expiry", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    expect((await place(user.auth, order({ stake: "10.00" }))).statusCode).toBe(201);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 500), 9_500_000n),
      feedTick(BTC, at(start, 59_000), 9_500_001n),
    ]);
    t.clock.set(at(start, 64_000));
    expect(await settle()).toEqual([]);
    // Past the gap, a tick stamped before expiry may still be on its way to the database.
    t.clock.set(at(start, 66_000));
    expect(await settle()).toEqual([]);
    t.clock.set(at(start, 60_500 + FEED_SILENCE_MS + 1));
    expect(await settle()).toMatchObject([{ result: "win", payout: 1_850n }]);
    expect((await userBalances(t.db, user.userId)).cash).toBe(10_850n);
  });

  it("gives a contract the entry tick stamped inside the gap though it was written after the gap", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    expect((await place(user.auth, order({ stake: "25.00" }))).statusCode).toBe(201);
    // A new feed leader's first tick, stamped before the gap ended, reaches the database after.
    t.clock.set(at(start, 5_100));
    expect(await settle()).toEqual([]);
    await recordTicks(t.db, [feedTick(BTC, at(start, 4_900), 9_500_000n)]);
    await assignEntries(t.db);
    expect(await contractsOf(user.userId)).toEqual([{ status: "open" }]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 64_900), 9_600_000n),
      feedTick(BTC, at(start, 65_000), 9_600_000n),
    ]);
    t.clock.set(at(start, 65_000));
    expect(await settle()).toMatchObject([{ userId: user.userId, result: "win" }]);
  });

  it("voids a contract whose entry tick never comes once a later tick shows the feed moved on", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    expect((await place(user.auth, order({ stake: "25.00" }))).statusCode).toBe(201);
    t.clock.set(at(start, 4_000));
    expect(await settle()).toEqual([]);
    // The gap has passed, but a tick stamped inside it may still be on its way to the database.
    t.clock.set(at(start, 5_001));
    expect(await settle()).toEqual([]);
    t.clock.set(at(start, 6_000));
    await recordTicks(t.db, [feedTick(BTC, at(start, 6_000), 9_500_000n)]);
    expect(await settle()).toMatchObject([{ result: "void", payout: 2_500n }]);
    expect(await settle()).toEqual([]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    expect(await contractsOf(user.userId)).toEqual([{ status: "void" }]);
  });
});
