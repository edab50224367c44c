import { type ExpectedValue, expectedValue } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import { per100, refreshRealizedReturns } from "./realized-returns";
import { assignEntries } from "./service";
import { settleDueContracts } from "./settlement";

const t = useTestApp({
  PLATFORM_TZ: "UTC",
  RISK_FIGURE_WORKER_ENABLED: false,
  REALIZED_RETURN_MIN_CONTRACTS: 10,
  SESSION_IDLE_DAYS: 365,
});
const BTC = "BTC/USDT";
const ENTRY = 9_100_000n;

/** A BTC/USDT "up" contract placed at `at` and settled with the outcome asked for. */
async function trade(
  auth: Record<string, string>,
  at: string,
  order: { seconds: number; stake: string; outcome: "win" | "lose" | "draw" },
) {
  t.clock.set(at);
  await placeContract(t.app, auth, {
    symbol: BTC,
    direction: "up",
    stake: order.stake,
    durationSeconds: order.seconds,
  });
  const entry = t.clock.now().getTime() + 1000;
  const expiry = entry + order.seconds * 1000;
  const exit = { win: ENTRY + 100_000n, lose: ENTRY - 100_000n, draw: ENTRY }[order.outcome];
  await recordTicks(t.db, [
    feedTick(BTC, new Date(entry).toISOString(), ENTRY),
    feedTick(BTC, new Date(expiry).toISOString(), exit),
    feedTick(BTC, new Date(expiry + 1000).toISOString(), exit),
  ]);
  t.clock.set(new Date(expiry + 1000));
  await assignEntries(t.db);
  const settled = await settleDueContracts(t.db, t.clock.now());
  expect(settled.map((contract) => contract.result)).toEqual([order.outcome]);
}

const figures = async () => {
  const answer = await t.app.inject({ url: "/api/v1/market/products/btc-usdt/expected-value" });
  expect(answer.statusCode, answer.body).toBe(200);
  return expectedValue.parse(answer.json()) as ExpectedValue;
};
const realizedOf = (value: ExpectedValue, seconds: number) =>
  value.durations.find((d) => d.seconds === seconds)?.realized;

describe("what users got back per 100 staked", () => {
  it("counts the settled contracts of the 90 platform days before its day, per duration, stored once a day", async () => {
    const before = await figures();
    expect(before).toMatchObject({ symbol: BTC, realizedOn: null, periodDays: 90, minContracts: 10 });
    expect(realizedOf(before, 60)).toEqual({ contracts: 0, per100: null });

    const user = await toppedUpUser(t, "1000.00");
    // Before the period (31 December): left out.
    await trade(user.auth, "2025-12-31T10:00:00Z", { seconds: 60, stake: "10.00", outcome: "lose" });
    // In it: ten 60 s contracts — three wins of 10.00 (18.50 each) and one of 15.00 (27.75), five
    // losses, a draw (10.00 back): 105.00 staked, 93.25 back, 88.8095… per 100.
    let minute = 0;
    const at = () => new Date(Date.parse("2026-02-01T10:00:00Z") + minute++ * 5 * 60_000).toISOString();
    for (let i = 0; i < 3; i++) await trade(user.auth, at(), { seconds: 60, stake: "10.00", outcome: "win" });
    await trade(user.auth, at(), { seconds: 60, stake: "15.00", outcome: "win" });
    for (let i = 0; i < 5; i++)
      await trade(user.auth, at(), { seconds: 60, stake: "10.00", outcome: "lose" });
    await trade(user.auth, at(), { seconds: 60, stake: "10.00", outcome: "draw" });
    // Two 30 s contracts: too few for a figure, counted all the same.
    await trade(user.auth, at(), { seconds: 30, stake: "10.00", outcome: "win" });
    await trade(user.auth, at(), { seconds: 30, stake: "10.00", outcome: "win" });
    // On the figure's own day (31 March): not in its period.
    await trade(user.auth, "2026-03-31T00:10:00Z", { seconds: 60, stake: "10.00", outcome: "win" });

    t.clock.set("2026-03-31T01:00:00Z");
    expect(await refreshRealizedReturns({ db: t.db, clock: t.clock, timeZone: "UTC" })).toBe(true);
    const value = await figures();
    expect(value).toMatchObject({
      realizedOn: "2026-03-31",
      periodFrom: "2025-12-31",
      periodTo: "2026-03-30",
    });
    // 31 December is the period's first day: its loss counts, making 11 contracts, 115.00 staked.
    expect(realizedOf(value, 60)).toEqual({ contracts: 11, per100: "81.09" });
    expect(realizedOf(value, 30)).toEqual({ contracts: 2, per100: null });
    expect(realizedOf(value, 180)).toEqual({ contracts: 0, per100: null });

    // Once stored, a day's figures stay: a later run stores nothing, and the tables refuse changes.
    expect(await refreshRealizedReturns({ db: t.db, clock: t.clock, timeZone: "UTC" })).toBe(false);
    await expect(sql`update realized_returns set returned = 0`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from realized_return_days`.execute(t.db)).rejects.toThrow(/append-only/);

    // The next day's period has lost 31 December's loss and gained 31 March's win.
    t.clock.set("2026-04-01T01:00:00Z");
    await t.app.tickfair.realizedReturns.run();
    expect(realizedOf(await figures(), 60)).toEqual({ contracts: 11, per100: per100(11_175n, 11_500n) });
  });

  it("stores one set when several processes compute the day's figures at once", async () => {
    t.clock.set("2026-04-02T01:00:00Z");
    const deps = { db: t.db, clock: t.clock, timeZone: "UTC" };
    const stored = await Promise.all(Array.from({ length: 4 }, () => refreshRealizedReturns(deps)));
    expect(stored.filter(Boolean)).toHaveLength(1);
  });

  it("rounds per 100 to the cent, half up, in integers", () => {
    expect(per100(9_325n, 10_500n)).toBe("88.81");
    expect(per100(1n, 3n)).toBe("33.33");
    expect(per100(2n, 3n)).toBe("66.67");
    expect(per100(185n, 100n)).toBe("185.00");
    expect(per100(0n, 100n)).toBe("0.00");
  });
});
