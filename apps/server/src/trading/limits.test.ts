import { describe, expect, it } from "vitest";
import { lockUserAccounts } from "../ledger";
import { feedTick, onPostgres } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { key, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { sendLimit } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { holdLocks, sessionsWaitingForLocks } from "../test/held-locks";
import { freshQuote, openContract } from "../test/trading-fixtures";
import { tradingUsage, userTradingUsage } from "./limits";
import { assignEntries } from "./service";
import { settleDueContracts } from "./settlement";

const t = useTestApp({ FEED_ENABLED: false });

describe("the usage a user's limits are judged by", () => {
  it("adds up what the contracts hold, settled, void and open, before and after the first limit, in any time zone's days", async () => {
    t.clock.set("2026-03-10T18:00:00Z");
    const user = await toppedUpUser(t, "1000.00");
    const order = async (
      body: { direction: "up" | "down"; stake: string; durationSeconds?: number },
      quoteSeq: string,
    ) => {
      const placed = await postWithKey(
        t.app,
        "/api/v1/trading/contracts",
        user.auth,
        { symbol: "BTC/USDT", durationSeconds: 60, quoteSeq, ...body },
        key(),
      );
      expect(placed.statusCode, placed.body).toBe(201);
    };
    // What orders are judged by: none once the contracts have left the 30 days.
    const judged = async (now: Date, zone: string) =>
      (await tradingUsage(t.db, [user.userId], now, zone)).get(user.userId) ?? {
        staked: { day: 0n, "7d": 0n, "30d": 0n },
        lost: { day: 0n, "7d": 0n, "30d": 0n },
        openPositions: 0n,
      };
    const tick = (at: string, price: bigint) => recordTicks(t.db, [feedTick("BTC/USDT", at, price)]);
    const after = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();
    /**
     * A minute of BTC/USDT from `at`: the orders at a quote of its first tick, their entry a second
     * later, the exit a minute on (two ticks, so the exit is recorded), settled ten seconds after that.
     */
    const playMinute = async (
      at: string,
      prices: { quoted: bigint; entry: bigint; exit: bigint },
      orders: Parameters<typeof order>[0][],
    ) => {
      t.clock.set(at);
      await tick(at, prices.quoted);
      const quote = await freshQuote(t, "BTC/USDT");
      for (const body of orders) await order(body, quote);
      await tick(after(at, 1), prices.entry);
      await assignEntries(t.db);
      await tick(after(at, 61), prices.exit);
      await tick(after(at, 62), prices.exit);
      t.clock.set(after(at, 70));
      return (await settleDueContracts(t.db, t.clock.now())).map((s) => s.result);
    };

    // 18:05 UTC: an order no entry tick follows, voided later. Kathmandu's midnight (UTC+5:45) is at
    // 18:15 and Kolkata's (UTC+5:30) at 18:30, so the orders fall on different days in different zones.
    t.clock.set("2026-03-10T18:05:00Z");
    await order({ direction: "up", stake: "10.00" }, await freshQuote(t, "BTC/USDT"));
    // 18:06: one up and one down at the same entry; the exit is lower, so the down one wins.
    const settled = await playMinute(
      "2026-03-10T18:06:00Z",
      { quoted: 9_000_000n, entry: 9_100_000n, exit: 9_050_000n },
      [
        { direction: "up", stake: "20.00" },
        { direction: "down", stake: "30.00" },
      ],
    );
    expect(settled.sort()).toEqual(["lose", "void", "win"]);

    // 18:10: the first limit; what settled before it is filled in.
    t.clock.set("2026-03-10T18:10:00Z");
    const limited = await sendLimit(t.app, user.auth, "open_positions", "10");
    expect(limited.statusCode, limited.body).toBe(200);

    // 18:20, after Kathmandu's midnight: a 5-minute order stays open, a 1-minute one wins and settles.
    const later = await playMinute(
      "2026-03-10T18:20:00Z",
      { quoted: 9_100_000n, entry: 9_100_000n, exit: 9_000_000n },
      [
        { direction: "up", stake: "15.00", durationSeconds: 300 },
        { direction: "down", stake: "10.00" },
      ],
    );
    expect(later).toEqual(["win"]);

    const moments = [
      "2026-03-10T18:22:00Z",
      "2026-03-10T18:40:00Z",
      "2026-03-16T18:20:00Z",
      "2026-04-09T18:10:00Z",
    ];
    const zones = ["UTC", "Asia/Shanghai", "Asia/Kathmandu", "Asia/Kolkata", "America/St_Johns"];
    for (const at of moments)
      for (const zone of zones) {
        const now = new Date(at);
        expect(await judged(now, zone), `${at} in ${zone}`).toEqual(
          await userTradingUsage(t.db, user.userId, now, zone),
        );
      }
    // Kathmandu's day began at 18:15: only the last two orders are today's, one of them open.
    const kathmandu = await judged(new Date("2026-03-10T18:22:00Z"), "Asia/Kathmandu");
    expect(kathmandu.staked.day).toBe(2500n);
    expect(kathmandu.openPositions).toBe(1n);
  });

  it.skipIf(!onPostgres())(
    "fills in a first limit's past only once a settlement holding the user's accounts has committed",
    async () => {
      t.clock.set("2026-03-11T09:00:00Z");
      const user = await toppedUpUser(t, "100.00");
      await openContract(t, async (order) => {
        const placed = await postWithKey(t.app, "/api/v1/trading/contracts", user.auth, order, key());
        expect(placed.statusCode, placed.body).toBe(201);
        return placed.json<{ id: string }>().id;
      });
      await recordTicks(t.db, [
        feedTick("BTC/USDT", "2026-03-11T09:01:01Z", 9_200_000n),
        feedTick("BTC/USDT", "2026-03-11T09:01:02Z", 9_200_000n),
      ]);
      t.clock.set("2026-03-11T09:01:10Z");

      // As a settlement of the user's contracts does until it commits: their accounts locked.
      const settling = await holdLocks(t.db, async (tx) => {
        await lockUserAccounts(tx, [user.userId], ["cash", "frozen_trade"], { skipLocked: false });
      });
      const firstLimit = sendLimit(t.app, user.auth, "loss_day", "50.00");
      await expect.poll(() => sessionsWaitingForLocks(t.db)).toBe(1);
      // Meanwhile settlement leaves the held user for a later run.
      const meanwhile = await settleDueContracts(t.db, t.clock.now()).finally(settling.release);
      expect(meanwhile.filter((s) => s.userId === user.userId)).toEqual([]);
      await settling.done;
      expect((await firstLimit).statusCode).toBe(200);

      const settled = await settleDueContracts(t.db, t.clock.now());
      expect(settled.filter((s) => s.userId === user.userId).map((s) => s.result)).toEqual(["win"]);
      const now = t.clock.now();
      expect((await tradingUsage(t.db, [user.userId], now, "UTC")).get(user.userId)).toEqual(
        await userTradingUsage(t.db, user.userId, now, "UTC"),
      );
    },
  );
});
