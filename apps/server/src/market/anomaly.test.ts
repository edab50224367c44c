import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  disagreementOf,
  type PricePoint,
  SPIKE_MIN_RETURNS,
  SPIKE_SIGMA_FLOOR,
  SPIKE_WINDOW_MS,
  SpikeWindow,
  spikeOf,
} from "./anomaly";

const START = Date.parse("2026-03-02T10:00:00Z");
const K = 15;

/** A price path a second apart from `start` (scaled by 100), each step a log return from `returns`. */
function path(returns: readonly number[], start = 6_701_235n): PricePoint[] {
  const points: PricePoint[] = [{ time: new Date(START), price: start }];
  let level = Number(start);
  returns.forEach((r, i) => {
    level *= Math.exp(r);
    points.push({ time: new Date(START + (i + 1) * 1000), price: BigInt(Math.round(level)) });
  });
  return points;
}

const after = (points: readonly PricePoint[], logReturn: number, seconds = 1): PricePoint => {
  const last = points.at(-1) ?? { time: new Date(START), price: 1n };
  return {
    time: new Date(last.time.getTime() + seconds * 1000),
    price: BigInt(Math.round(Number(last.price) * Math.exp(logReturn))),
  };
};

/** Returns of `size` to twice it, either sign: the series' volatility (RMS) is between size and 2 × size. */
const returnsOf = (size: number, factors: readonly [number, boolean][]) =>
  factors.map(([f, up]) => (up ? 1 : -1) * size * f);
const factors = fc.array(fc.tuple(fc.double({ min: 1, max: 2, noNaN: true }), fc.boolean()), {
  minLength: SPIKE_MIN_RETURNS,
  maxLength: 120,
});

describe("the spike detector", () => {
  it("never halts a series whose next move stays within K times its volatility", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 2e-4, max: 5e-3, noNaN: true }),
        factors,
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.boolean(),
        (size, steps, share, up) => {
          const history = path(returnsOf(size, steps));
          expect(spikeOf(history, after(history, (up ? 1 : -1) * K * size * share), K)).toBeNull();
        },
      ),
    );
  });

  it("never halts a steady trend, however smooth: volatility is measured about zero, not about the trend", () => {
    fc.assert(
      fc.property(fc.double({ min: 2e-4, max: 2e-3, noNaN: true }), (step) => {
        const history = path(Array.from({ length: 60 }, () => step));
        expect(spikeOf(history, after(history, step * 1.5), K)).toBeNull();
      }),
    );
  });

  it("always halts a single move past K times the volatility, up or down, naming both prices", () => {
    fc.assert(
      fc.property(
        factors,
        fc.double({ min: 1.05, max: 40, noNaN: true }),
        fc.boolean(),
        (steps, excess, up) => {
          const history = path(returnsOf(3e-4, steps));
          // The history's volatility is at most twice the size: a move past K × that always counts.
          const next = after(history, (up ? 1 : -1) * K * 6e-4 * excess);
          const spike = spikeOf(history, next, K);
          expect(spike).not.toBeNull();
          expect(spike?.sigmas).toBeGreaterThan(K);
          expect(spike?.previous).toBe(history.at(-1)?.price);
          expect(spike?.price).toBe(next.price);
        },
      ),
    );
  });

  it("measures a dead-flat series against the floor: its first ordinary move does not halt, a jump does", () => {
    const flat = path(Array.from({ length: 60 }, () => 0));
    expect(spikeOf(flat, after(flat, K * SPIKE_SIGMA_FLOOR * 0.9), K)).toBeNull();
    const jump = after(flat, 0.065);
    expect(spikeOf(flat, jump, K)).toMatchObject({ previous: 6_701_235n, price: jump.price });
    // A cheap price whose one step is worth more than the floor: one step never halts.
    const cheap = path(
      Array.from({ length: 60 }, () => 0),
      120n,
    );
    expect(spikeOf(cheap, { time: new Date(START + 61_000), price: 121n }, 5)).toBeNull();
  });

  it("does not judge before the window holds enough returns", () => {
    const short = path(Array.from({ length: SPIKE_MIN_RETURNS - 1 }, () => 1e-4));
    expect(spikeOf(short, after(short, 0.2), K)).toBeNull();
    const enough = path(Array.from({ length: SPIKE_MIN_RETURNS }, () => 1e-4));
    expect(spikeOf(enough, after(enough, 0.2), K)).not.toBeNull();
  });

  it("allows a move after a pause its √time: a minute's gap is not a one-second jump", () => {
    const history = path(Array.from({ length: 60 }, (_, i) => (i % 2 ? 3e-4 : -3e-4)));
    const move = K * 3e-4 * 4;
    expect(spikeOf(history, after(history, move, 1), K)).not.toBeNull();
    expect(spikeOf(history, after(history, move, 60), K)).toBeNull();
  });

  it("forgets what is older than its window", () => {
    const window = new SpikeWindow(path(Array.from({ length: 200 }, () => 1e-4)));
    const at = new Date(START + 200_000);
    const kept = window.before(at);
    expect(kept[0]?.time.getTime()).toBeGreaterThanOrEqual(at.getTime() - SPIKE_WINDOW_MS);
    expect(kept).toHaveLength(SPIKE_WINDOW_MS / 1000 + 1);
  });
});

describe("the source disagreement check", () => {
  it("halts only when the highest and lowest cited prices are further apart than the tolerance", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1_000_000n, max: 10_000_000n }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 5, max: 5000 }),
        (cents, tolerance) => {
          const prices = cents.map((c) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`);
          const sorted = cents.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const middle = Math.floor(sorted.length / 2);
          const twiceMedian =
            sorted.length % 2
              ? 2n * (sorted[middle] ?? 0n)
              : (sorted[middle - 1] ?? 0n) + (sorted[middle] ?? 0n);
          const spread = (sorted.at(-1) ?? 0n) - (sorted[0] ?? 0n);
          // spread / median > tolerance / 10000, without rounding the median.
          const beyond = spread * 20_000n > BigInt(tolerance) * twiceMedian;
          expect(disagreementOf(prices, tolerance) !== null).toBe(beyond);
        },
      ),
    );
  });

  it("states the spread in basis points of the median, at the prices' own decimals", () => {
    expect(disagreementOf(["95000.00", "97400.5"], 100)).toEqual({ spreadBps: "249.5" });
    expect(disagreementOf(["95000.00", "95000.01"], 5)).toBeNull();
    expect(disagreementOf(["95000.00"], 5)).toBeNull();
  });
});
