import { describe, expect, it } from "vitest";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { key, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { putLimit } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { freshQuote } from "../test/trading-fixtures";
import { TermsBook } from "./order-terms";
import { placeContracts } from "./placement";
import { assignEntries } from "./service";
import { settleDueContracts } from "./settlement";

const t = useTestApp({ FEED_ENABLED: false });

type User = Awaited<ReturnType<typeof toppedUpUser>>;
const after = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();
const tick = (at: string, price: bigint) => recordTicks(t.db, [feedTick("BTC/USDT", at, price)]);

/** An order of 10.00 up on BTC/USDT for a minute at a fresh quote, as the app sends it. */
async function order(user: User) {
  const quoteSeq = await freshQuote(t, "BTC/USDT");
  return postWithKey(
    t.app,
    "/api/v1/trading/contracts",
    user.auth,
    { symbol: "BTC/USDT", direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq },
    key(),
  );
}

/** Places the user's order as the app does (one-order path, unless a batch is busy) or in a batch. */
const PATHS = {
  alone: async (user: User) => {
    const placed = await order(user);
    expect(placed.statusCode, placed.body).toBe(201);
  },
  batch: async (user: User) => expect(await batchWithQuote(user)).toEqual(["placed"]),
};

/**
 * A minute from `at`: the user's order, placed by `path`, goes up from 9,100,000 to `exit` (lower
 * loses), settled 70 seconds after `at`, where the clock is left.
 */
async function playMinute(user: User, at: string, exit: bigint, path: keyof typeof PATHS = "alone") {
  t.clock.set(at);
  await tick(at, 9_000_000n);
  await PATHS[path](user);
  await tick(after(at, 1), 9_100_000n);
  await assignEntries(t.db);
  await tick(after(at, 61), exit);
  await tick(after(at, 62), exit);
  t.clock.set(after(at, 70));
  await settleDueContracts(t.db, t.clock.now());
}
const LOSE = 9_050_000n;
const WIN = 9_150_000n;

const setLimit = (user: User, value: string | null) => putLimit(t.app, user.auth, "loss_streak", value);
const goOn = (user: User) =>
  t.app.inject({ method: "POST", url: "/api/v1/limits/loss-streak/continue", headers: user.auth });
/** Places one 10.00 order of each user in one batch: "placed", or "alone" (left to the one-order path). */
async function batchWithQuote(...users: User[]) {
  const quoteSeq = await freshQuote(t, "BTC/USDT");
  const outcomes = await placeContracts(
    t.db,
    users.map((user) => ({
      userId: user.userId,
      input: { symbol: "BTC/USDT", direction: "up" as const, stake: "10.00", durationSeconds: 60, quoteSeq },
      key: key(),
      fingerprint: `fingerprint ${key()}`,
    })),
    t.clock.now(),
    new TermsBook(),
    5_000,
    t.config.PLATFORM_TZ,
  );
  return outcomes.map((outcome) => ("placed" in outcome ? "placed" : "alone"));
}

describe("the loss-streak pause", () => {
  it("takes 2 to 20 losses in a row, tightens at once and loosens in 24 hours", async () => {
    t.clock.set("2026-03-10T10:00:00Z");
    const user = await toppedUpUser(t, "100.00");
    for (const value of ["1", "21", "3.5"]) {
      const refused = await setLimit(user, value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().error.code).toBe("LIMIT_VALUE_INVALID");
    }
    const limitOf = async () =>
      (await t.app.inject({ method: "GET", url: "/api/v1/limits", headers: user.auth }))
        .json()
        .limits.find((limit: { kind: string }) => limit.kind === "loss_streak");
    expect(await limitOf()).toEqual({ kind: "loss_streak", value: null, pending: null, used: null });
    expect((await setLimit(user, "5")).statusCode).toBe(200);
    expect((await setLimit(user, "3")).statusCode).toBe(200);
    expect(await limitOf()).toMatchObject({ value: "3", pending: null });
    expect((await setLimit(user, null)).statusCode).toBe(200);
    expect(await limitOf()).toMatchObject({
      value: "3",
      pending: { value: null, appliesAt: "2026-03-11T10:00:00.000Z" },
    });
  });

  it("refuses the next order on both paths with the hour's figures, until the user goes on after the pause", async () => {
    t.clock.set("2026-03-10T10:00:00Z");
    const user = await toppedUpUser(t, "100.00");
    const other = await toppedUpUser(t, "100.00");
    expect((await setLimit(user, "2")).statusCode).toBe(200);
    await playMinute(user, "2026-03-10T10:00:00Z", WIN);
    // After one loss the batch still places the order: one loss in a row is not two.
    await playMinute(user, "2026-03-10T10:02:00Z", LOSE);
    await playMinute(user, "2026-03-10T10:04:00Z", LOSE, "batch");
    const refused = await order(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "LOSS_STREAK_PAUSE",
      details: {
        lossesInRow: 2,
        lastLossAt: "2026-03-10T10:05:10.000Z",
        continueAt: "2026-03-10T10:06:10.000Z",
        since: "2026-03-10T09:05:10.000Z",
        contracts: 3,
        staked: "30.00",
        returned: "18.50",
        net: "-11.50",
      },
    });
    // The batch leaves the paused user's order to the one-order path, and places the other user's.
    expect(await batchWithQuote(user, other)).toEqual(["alone", "placed"]);

    t.clock.set("2026-03-10T10:06:09Z");
    const early = await goOn(user);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: "LOSS_STREAK_PAUSE_NOT_OVER",
      details: { continueAt: "2026-03-10T10:06:10.000Z" },
    });
    expect((await order(user)).statusCode).toBe(409);

    t.clock.set("2026-03-10T10:06:10Z");
    const went = await goOn(user);
    expect(went.statusCode, went.body).toBe(200);
    expect(went.json()).toEqual({ acknowledgedAt: "2026-03-10T10:06:10.000Z" });
    const again = await goOn(user);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("LOSS_STREAK_NOT_PAUSED");

    // Losses after the acknowledgement make a new streak: one is not enough, two pause again.
    await playMinute(user, "2026-03-10T10:08:00Z", LOSE);
    await playMinute(user, "2026-03-10T10:10:00Z", LOSE, "batch");
    expect((await order(user)).json().error.code).toBe("LOSS_STREAK_PAUSE");
    expect(await batchWithQuote(user)).toEqual(["alone"]);

    // Once the streak's first loss has left the hour it no longer pauses.
    t.clock.set("2026-03-10T11:09:11Z");
    expect(await batchWithQuote(user)).toEqual(["placed"]);
    expect((await order(user)).statusCode).toBe(201);
  });
});
