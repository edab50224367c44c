import {
  type Contract,
  type RiskExposure,
  riskExposure as riskExposureSchema,
  toMinor,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import { assignEntries } from "../trading/service";
import { settleDueContracts } from "../trading/settlement";
import { riskExposure } from "./risk";
import { sharedRead } from "./risk-routes";

const t = useTestApp({ FEED_ENABLED: false });
const url = "/api/v1/operator/risk/exposure";

type Order = Parameters<typeof placeContract>[2];
const order = (symbol: string, direction: "up" | "down", stake: string, durationSeconds: number): Order => ({
  symbol,
  direction,
  stake,
  durationSeconds,
});

async function board(headers: Record<string, string>): Promise<RiskExposure> {
  const answer = await t.app.inject({ url, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return riskExposureSchema.parse(answer.json());
}

const side = (contracts: number, stake: string, owedIfWins: string) => ({ contracts, stake, owedIfWins });
const NONE = side(0, "0.00", "0.00");

describe("GET /operator/risk/exposure", () => {
  it("sums the open book by product, direction and expiry minute, and the house's result under each outcome", async () => {
    const [a, b, c] = [
      await toppedUpUser(t, "1000.00"),
      await toppedUpUser(t, "1000.00"),
      await toppedUpUser(t, "1000.00"),
    ];
    const place = async (user: typeof a, o: Order) =>
      (await placeContract(t.app, user.auth, o)).json<Contract>();

    // Settled before the board is read: never part of it.
    t.clock.set("2026-01-05T09:58:00Z");
    await place(c, order("BTC/USDT", "up", "50.00", 30));
    await recordTicks(t.db, [feedTick("BTC/USDT", "2026-01-05T09:58:01Z", 9_000_000n)]);
    await assignEntries(t.db);
    await recordTicks(t.db, [
      feedTick("BTC/USDT", "2026-01-05T09:58:31Z", 9_100_000n),
      feedTick("BTC/USDT", "2026-01-05T09:58:32Z", 9_100_000n),
    ]);
    t.clock.set("2026-01-05T09:58:32Z");
    expect(await settleDueContracts(t.db, t.clock.now())).toHaveLength(1);

    // Placed at 10:00:20; entry ticks at 10:00:21, so a 60 s contract expires at 10:01:21.
    t.clock.set("2026-01-05T10:00:20Z");
    const aUp1 = await place(a, order("BTC/USDT", "up", "10.01", 60)); // owed 10.01 × 1.85 = 18.5185 → 18.51
    const aUp2 = await place(a, order("BTC/USDT", "up", "10.00", 60)); // 18.50
    const bDown = await place(b, order("BTC/USDT", "down", "20.00", 60)); // 37.00
    await place(c, order("BTC/USDT", "up", "33.33", 300)); // × 1.92 = 63.9936 → 63.99, expires 10:05:21
    const aEth = await place(a, order("ETH/USDT", "down", "15.55", 30)); // × 1.80 = 27.99, expires 10:00:51
    await recordTicks(t.db, [
      feedTick("BTC/USDT", "2026-01-05T10:00:21Z", 9_200_000n),
      feedTick("ETH/USDT", "2026-01-05T10:00:21Z", 300_000n),
    ]);
    expect(await assignEntries(t.db)).toHaveLength(5);
    // Still waiting for its entry tick when the board is read: 12.34 × 1.85 = 22.829 → 22.82.
    await place(b, order("BTC/USDT", "up", "12.34", 60));

    const support = await operatorAuth(t, "support");
    const now = await board(support.headers);

    const btcMinute = {
      up: side(2, "20.01", "37.01"),
      down: side(1, "20.00", "37.00"),
      // 40.01 staked: up wins → pays 37.01; down wins → pays 37.00; a draw returns every stake.
      houseIfUpWins: "3.00",
      houseIfDownWins: "3.01",
      houseIfDraw: "0.00",
    };
    const btcFive = {
      up: side(1, "33.33", "63.99"),
      down: NONE,
      houseIfUpWins: "-30.66",
      houseIfDownWins: "33.33",
      houseIfDraw: "0.00",
    };
    const btcPending = {
      up: side(1, "12.34", "22.82"),
      down: NONE,
      houseIfUpWins: "-10.48",
      houseIfDownWins: "12.34",
      houseIfDraw: "0.00",
    };
    const ethMinute = {
      up: NONE,
      down: side(1, "15.55", "27.99"),
      houseIfUpWins: "15.55",
      houseIfDownWins: "-12.44",
      houseIfDraw: "0.00",
    };
    expect(now.horizonMinutes).toBe(10);
    expect(now.products).toEqual([
      {
        symbol: "BTC/USDT",
        up: side(4, "65.68", "123.82"),
        down: side(1, "20.00", "37.00"),
        houseIfUpWins: "-38.14",
        houseIfDownWins: "48.68",
        houseIfDraw: "0.00",
        rows: [
          { bucket: { kind: "pending" }, ...btcPending },
          { bucket: { kind: "minute", minute: "2026-01-05T10:01:00.000Z" }, ...btcMinute },
          { bucket: { kind: "minute", minute: "2026-01-05T10:05:00.000Z" }, ...btcFive },
        ],
      },
      {
        symbol: "ETH/USDT",
        ...ethMinute,
        rows: [{ bucket: { kind: "minute", minute: "2026-01-05T10:00:00.000Z" }, ...ethMinute }],
      },
    ]);
    expect(now.total).toEqual({
      up: side(4, "65.68", "123.82"),
      down: side(2, "35.55", "64.99"),
      houseIfUpWins: "-22.59",
      houseIfDownWins: "36.24",
      houseIfDraw: "0.00",
    });
    // A's two BTC ups are one position, owed 37.01: above B's single 37.00.
    expect(
      now.largest.map((p) => [
        p.account,
        p.symbol,
        p.direction,
        p.contracts,
        p.stake,
        p.owedIfWins,
        p.nextExpiry,
      ]),
    ).toEqual([
      [c.registration.account, "BTC/USDT", "up", 1, "33.33", "63.99", "2026-01-05T10:05:21.000Z"],
      [a.registration.account, "BTC/USDT", "up", 2, "20.01", "37.01", "2026-01-05T10:01:21.000Z"],
      [b.registration.account, "BTC/USDT", "down", 1, "20.00", "37.00", "2026-01-05T10:01:21.000Z"],
      [a.registration.account, "ETH/USDT", "down", 1, "15.55", "27.99", "2026-01-05T10:00:51.000Z"],
      [b.registration.account, "BTC/USDT", "up", 1, "12.34", "22.82", null],
    ]);
    expect(now.largest[0]?.userId).toBe(c.userId.toString());

    // Read five minutes earlier, the horizon ends at 10:05: the 300 s contract counts as "later".
    const earlier = await riskExposure(t.db, new Date("2026-01-05T09:55:30Z"));
    expect(earlier.products[0]?.rows.map((row) => row.bucket)).toEqual([
      { kind: "pending" },
      { kind: "minute", minute: "2026-01-05T10:01:00.000Z" },
      { kind: "later" },
    ]);
    expect(earlier.products[0]?.rows[2]).toMatchObject(btcFive);

    // Settlement bears the figures out: BTC's 10:01 row ends in a draw (exit = entry), ETH falls.
    await recordTicks(t.db, [
      feedTick("ETH/USDT", "2026-01-05T10:00:51Z", 290_000n),
      feedTick("ETH/USDT", "2026-01-05T10:01:22Z", 290_000n),
      feedTick("BTC/USDT", "2026-01-05T10:01:21Z", 9_200_000n),
      feedTick("BTC/USDT", "2026-01-05T10:01:22Z", 9_200_000n),
    ]);
    t.clock.set("2026-01-05T10:01:22Z");
    expect(await settleDueContracts(t.db, t.clock.now())).toHaveLength(4);
    const house = async (user: typeof a, ids: string[]) => {
      let kept = 0n;
      for (const id of ids) {
        const answer = await t.app.inject({ url: `/api/v1/trading/contracts/${id}`, headers: user.auth });
        const settled = answer.json<Contract>();
        kept += toMinor(settled.stake) - toMinor(settled.payout ?? "0.00");
      }
      return kept;
    };
    expect((await house(a, [aUp1.id, aUp2.id])) + (await house(b, [bDown.id]))).toBe(0n);
    expect(await house(a, [aEth.id])).toBe(-1244n);

    const after = await board(support.headers);
    expect(after.products.map((p) => [p.symbol, p.rows.map((row) => row.bucket.kind)])).toEqual([
      ["BTC/USDT", ["pending", "minute"]],
    ]);
    expect(after.total).toEqual({
      up: side(2, "45.67", "86.81"),
      down: NONE,
      houseIfUpWins: "-41.14",
      houseIfDownWins: "45.67",
      houseIfDraw: "0.00",
    });
  });
});

describe("sharedRead", () => {
  it("answers requests that arrive during a read with that read, and reads afresh after it", async () => {
    let reads = 0;
    let finish: (value: number) => void = () => {};
    const read = sharedRead(() => {
      reads += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    });
    const first = read();
    const second = read();
    finish(1);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(reads).toBe(1);
    const third = read();
    finish(2);
    expect(await third).toBe(2);
    expect(reads).toBe(2);
  });
});
