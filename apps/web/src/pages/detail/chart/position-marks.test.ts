import type { Contract } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { barOf, barsAhead, openMarks } from "./position-marks";

const contract = (over: Partial<Contract>): Contract => ({
  id: "1",
  wallet: "real",
  orderNo: "T1",
  symbol: "BTC/USDT",
  direction: "up",
  stake: "10.00",
  durationSeconds: 60,
  payoutRateBps: 8500,
  status: "open",
  acceptedAt: "2026-01-05T08:00:00.000Z",
  entry: { seq: "5", time: "2026-01-05T08:00:01.000Z", price: "95000.50", hash: "ab" },
  expiresAt: "2026-01-05T08:01:01.000Z",
  exit: null,
  result: null,
  payout: null,
  profit: null,
  settledAt: null,
  ...over,
});

describe("open positions on the chart", () => {
  it("mark this product's contracts whose entry is known", () => {
    expect(
      openMarks(
        [
          contract({}),
          contract({ id: "2", symbol: "ETH/USDT" }),
          contract({ id: "3", entry: null, expiresAt: null }),
          contract({ id: "4", direction: "down" }),
        ],
        "BTC/USDT",
      ),
    ).toEqual([
      { id: "1", direction: "up", entry: 95000.5, expiresAt: Date.parse("2026-01-05T08:01:01Z") / 1000 },
      { id: "4", direction: "down", entry: 95000.5, expiresAt: Date.parse("2026-01-05T08:01:01Z") / 1000 },
    ]);
  });

  it("reserve the bars up to the latest expiry, and find the bar an expiry falls in", () => {
    // One-minute bars, the last at 600 s: expiries at 650 s (same bar) and 790 s (the bar at 780 s).
    expect(barsAhead(600, 60, [650, 790])).toEqual([660, 720, 780]);
    expect(barsAhead(600, 60, [])).toEqual([]);
    expect(barsAhead(600, 60, [500])).toEqual([]);
    expect(barsAhead(0, 1, [10_000], 5)).toEqual([1, 2, 3, 4, 5]);
    expect(barOf(650, 600, 60)).toBe(600);
    expect(barOf(790, 600, 60)).toBe(780);
  });
});
