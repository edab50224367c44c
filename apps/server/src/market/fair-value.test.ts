import { stepVolatilityPpm } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import { useTestDb } from "../test/harness";
import { CATALOGUE } from "./catalogue";
import { fairValues, modelUnits } from "./fair-value";
import { returnPer100, simulatorOdds } from "./odds";
import { createMarketTestDb, openTestFeed, TEST_CHAIN, tickAt } from "./testing";

const testDb = useTestDb(createMarketTestDb);
const clock = new ManualClock("2026-01-05T08:00:00Z");

describe("a product's fair values", () => {
  it("follow the simulator's model at the latest price, per duration and direction", async () => {
    const none = await fairValues(testDb.db, "EUR/USD", clock.now());
    // No chain prices it yet: no model to state.
    expect(none.model).toBe("none");
    expect(none.durations.every((d) => d.fair === null)).toBe(true);

    const feed = await openTestFeed(testDb.db, clock);
    await tickAt(feed, testDb.db, clock, "2026-01-05T08:00:03Z");
    const value = await fairValues(testDb.db, "eur-usd", clock.now());
    const product = CATALOGUE.find((p) => p.symbol === "EUR/USD");
    if (!product) throw new Error("EUR/USD");
    expect(value).toMatchObject({
      symbol: "EUR/USD",
      model: "simulator",
      modelPrice: expect.stringMatching(/^1\.\d{5}$/),
    });
    const price = BigInt((value.modelPrice ?? "").replace(".", ""));
    const ppm = stepVolatilityPpm(product.simulation.annualVolatility, TEST_CHAIN.tickMs);
    for (const d of value.durations) {
      const odds = simulatorOdds({ priceUnits: modelUnits(price), stepVolatilityPpm: ppm }, d.seconds);
      expect(d.fair).toEqual({
        up: { win: odds.up, draw: odds.draw, per100: returnPer100(odds.up, odds.draw, d.payoutRateBps) },
        down: {
          win: odds.down,
          draw: odds.draw,
          per100: returnPer100(odds.down, odds.draw, d.payoutRateBps),
        },
      });
      // A five-decimal pair at one tick a second draws often: the draws are worth stating.
      expect(odds.draw).toBeGreaterThan(0.01);
    }
  });

  it("round the price to four significant digits, which moves no figure a cent", () => {
    expect(modelUnits(105_123n)).toBe(105_100n);
    expect(modelUnits(9_499_951n)).toBe(9_500_000n);
    expect(modelUnits(1_234n)).toBe(1_234n);
    for (const [price, ppm] of [
      [105_049n, 12],
      [9_500_499n, 98],
      [64_049n, 18],
    ] as const) {
      for (const ticks of [30, 60, 300]) {
        const exact = simulatorOdds({ priceUnits: price, stepVolatilityPpm: ppm }, ticks);
        const rounded = simulatorOdds({ priceUnits: modelUnits(price), stepVolatilityPpm: ppm }, ticks);
        for (const side of ["up", "down"] as const)
          expect(
            Math.abs(
              Number(returnPer100(exact[side], exact.draw, 8500)) -
                Number(returnPer100(rounded[side], rounded.draw, 8500)),
            ),
          ).toBeLessThanOrEqual(0.01);
      }
    }
  });

  it("claim no model for a real market's prices", async () => {
    await testDb.db
      .updateTable("products")
      .set({ source: "exchanges" })
      .where("symbol", "=", "BTC/USDT")
      .execute();
    const value = await fairValues(testDb.db, "BTC/USDT", clock.now());
    expect(value.model).toBe("none");
    expect(value.modelPrice).toBeNull();
    expect(value.durations.map((d) => d.fair)).toEqual([null, null, null, null]);
  });
});
