import { createHash } from "node:crypto";
import { type PathParams, pathTick, stepVolatilityPpm } from "@tickfair/verify";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactOdds, normalOdds, returnPer100, simulatorOdds, stepLaw } from "./odds";

const model = fc.record({
  priceUnits: fc.bigInt({ min: 1_000n, max: 100_000_000n }),
  stepVolatilityPpm: fc.integer({ min: 1, max: 400 }),
});

describe("a simulated contract's odds", () => {
  it("are probabilities that add up to one, for any price, volatility and length", () => {
    fc.assert(
      fc.property(model, fc.integer({ min: 1, max: 3600 }), (m, ticks) => {
        const odds = simulatorOdds(m, ticks);
        for (const p of [odds.up, odds.down, odds.draw]) expect(p >= 0 && p <= 1).toBe(true);
        expect(Math.abs(odds.up + odds.down + odds.draw - 1)).toBeLessThan(1e-9);
        // The simulator leans down, never up: Z's mean is −6 and the geometric median sinks.
        expect(odds.down).toBeGreaterThanOrEqual(odds.up - 1e-12);
      }),
      { numRuns: 60 },
    );
  });

  it("sum the steps exactly where the normal law would be rough, and agree with it where both apply", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 400_000 }),
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 20, max: 300 }),
        (price, ppm, ticks) => {
          const step = stepLaw({ priceUnits: BigInt(price), stepVolatilityPpm: ppm });
          const spread = Math.sqrt(step.variance * ticks);
          if (spread < 8 || spread > 60) return;
          const exact = exactOdds(step, ticks);
          const normal = normalOdds(step, ticks);
          expect(Math.abs(exact.draw - normal.draw)).toBeLessThan(2e-4);
          expect(Math.abs(exact.up - normal.up)).toBeLessThan(1e-3);
        },
      ),
      { numRuns: 40 },
    );
  });

  /**
   * Against the simulator itself: thousands of paths of pathTick, each from its own seed, held against
   * the odds worked out. A pair at five decimals, where a tick often does not move the price, draws
   * often; gold at two decimals seldom; Bitcoin practically never.
   */
  it.each([
    ["a currency pair", 105_000n, 0.07, 60],
    ["gold", 265_000n, 0.15, 60],
    ["bitcoin", 9_500_000n, 0.55, 30],
  ])("match what the simulator's paths do: %s", (_name, opening, volatility, ticks) => {
    const params: PathParams = {
      symbol: "T/USD",
      stepVolatilityPpm: stepVolatilityPpm(volatility, 1000),
      meanVolume: 0n,
    };
    const paths = 6000;
    const seen = { up: 0, down: 0, draw: 0 };
    for (let path = 0; path < paths; path++) {
      const seed = createHash("sha256").update(`odds ${path}`).digest();
      let price = opening;
      for (let index = 0; index < ticks; index++) price = pathTick(seed, params, index, price).price;
      if (price > opening) seen.up += 1;
      else if (price < opening) seen.down += 1;
      else seen.draw += 1;
    }
    const odds = simulatorOdds({ priceUnits: opening, stepVolatilityPpm: params.stepVolatilityPpm }, ticks);
    for (const side of ["up", "down", "draw"] as const) {
      const p = odds[side];
      const error = Math.sqrt((p * (1 - p)) / paths);
      expect(Math.abs(seen[side] / paths - p), side).toBeLessThanOrEqual(4 * error + 1 / paths);
    }
  });
});

describe("the return per 100 staked", () => {
  it("is 92.50 at 85 % with even odds and no draws", () => {
    expect(returnPer100(0.5, 0, 8500)).toBe("92.50");
    expect(returnPer100(0.5, 0, 10_000)).toBe("100.00");
    expect(returnPer100(0, 1, 8500)).toBe("100.00");
    expect(returnPer100(0, 0, 8500)).toBe("0.00");
  });

  it("lies between nothing and a sure win, and rises with the rate and with draws taken from losses", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 100_000 }),
        (a, b, rate) => {
          const win = Math.min(a, 1 - b);
          const draw = Math.min(b, 1 - win);
          const value = Number(returnPer100(win, draw, rate));
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100 * (1 + rate / 10_000) + 0.005);
          expect(Number(returnPer100(win, draw, rate + 100))).toBeGreaterThanOrEqual(value);
          // A loss turned into a draw returns the stake instead of nothing.
          const loss = 1 - win - draw;
          if (loss > 0.001) expect(Number(returnPer100(win, draw + loss, rate))).toBeGreaterThan(value);
        },
      ),
    );
  });
});
