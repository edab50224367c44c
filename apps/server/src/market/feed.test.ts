import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../platform/clock";
import { CATALOGUE, type CatalogueProduct } from "./catalogue";
import { type FeedTick, gbmStep, MS_PER_YEAR, SimulatedFeed } from "./feed";
import { KeyedRandom } from "./random";

const clock = new ManualClock("2026-01-05T08:00:00Z");
const btc = CATALOGUE[0] as CatalogueProduct;

function run(
  feed: SimulatedFeed,
  steps: number,
  startMs = Date.parse("2026-01-05T08:00:00Z"),
  stepMs = 1000,
) {
  const out: FeedTick[][] = [];
  for (let i = 1; i <= steps; i++) out.push(feed.step(new Date(startMs + i * stepMs)));
  return out;
}

function logReturns(prices: bigint[]): number[] {
  return prices.slice(1).map((p, i) => Math.log(Number(p) / Number(prices[i])));
}

function std(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("keyed random stream", () => {
  it("repeats for the same seed and stream and differs otherwise", () => {
    const draw = (seed: string, stream: string) => {
      const random = new KeyedRandom(seed, stream);
      return Array.from({ length: 10 }, () => random.next());
    };
    expect(draw("s", "BTC|0")).toEqual(draw("s", "BTC|0"));
    expect(draw("s", "BTC|0")).not.toEqual(draw("t", "BTC|0"));
    expect(draw("s", "BTC|0")).not.toEqual(draw("s", "BTC|1"));
  });

  it("gives uniforms in (0, 1) and standard normals", () => {
    const random = new KeyedRandom("stats", "x");
    const uniforms = Array.from({ length: 40_000 }, () => random.next());
    expect(Math.min(...uniforms)).toBeGreaterThan(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    expect(uniforms.reduce((a, b) => a + b, 0) / uniforms.length).toBeCloseTo(0.5, 2);
    const normals = Array.from({ length: 40_000 }, () => random.normal());
    expect(normals.reduce((a, b) => a + b, 0) / normals.length).toBeCloseTo(0, 1);
    expect(std(normals)).toBeGreaterThan(0.97);
    expect(std(normals)).toBeLessThan(1.03);
  });
});

describe("GBM step", () => {
  it("is the drift-free exponential step", () => {
    expect(gbmStep(100, 0.5, 0, 3)).toBe(100);
    const dt = 1 / 365;
    expect(gbmStep(100, 0.2, dt, 1)).toBeCloseTo(100 * Math.exp(-0.02 * dt + 0.2 * Math.sqrt(dt)), 10);
    expect(gbmStep(100, 5, 1, -50)).toBeGreaterThan(0);
  });
});

describe("simulated feed", () => {
  it("is deterministic for a seed: same seed, same path; another seed, another path", () => {
    const a = run(new SimulatedFeed({ products: CATALOGUE, seed: "seed-1", clock }), 300);
    const b = run(new SimulatedFeed({ products: CATALOGUE, seed: "seed-1", clock }), 300);
    const c = run(new SimulatedFeed({ products: CATALOGUE, seed: "seed-2", clock }), 300);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    // One tick per product per step, each an exact scaled integer at the step's time.
    for (const batch of a) {
      expect(batch.map((t) => t.symbol)).toEqual(CATALOGUE.map((p) => p.symbol));
      for (const tick of batch) {
        expect(typeof tick.price).toBe("bigint");
        expect(tick.price).toBeGreaterThan(0n);
        expect(tick.volume).toBeGreaterThanOrEqual(0n);
      }
    }
  });

  it("keeps prices positive even at absurd volatility over long steps", () => {
    const wild: CatalogueProduct = {
      ...btc,
      symbol: "WILD",
      precision: 2,
      simulation: { startPrice: "1.00", annualVolatility: 8, meanVolume: "1.0000" },
    };
    const feed = new SimulatedFeed({ products: [wild], seed: "wild", clock, maxStepMs: 3_600_000 });
    const prices = run(feed, 5000, Date.parse("2026-01-05T00:00:00Z"), 3_600_000).map(
      (b) => b[0]?.price ?? 0n,
    );
    expect(prices.every((p) => p >= 1n)).toBe(true);
  });

  it("moves with about the configured volatility and volume (seeded, generous bounds)", () => {
    const feed = new SimulatedFeed({ products: [btc], seed: "volatility", clock });
    const ticks = run(feed, 20_000).map((b) => b[0] as FeedTick);
    const realised = std(logReturns(ticks.map((t) => t.price))) / Math.sqrt(1000 / MS_PER_YEAR);
    expect(realised).toBeGreaterThan(btc.simulation.annualVolatility * 0.9);
    expect(realised).toBeLessThan(btc.simulation.annualVolatility * 1.1);
    const meanVolume =
      ticks.reduce((a, t) => a + Number(t.volume), 0) / ticks.length / 10 ** btc.volumePrecision;
    expect(meanVolume).toBeGreaterThan(0.35 * 0.9);
    expect(meanVolume).toBeLessThan(0.35 * 1.1);
  });

  it("resumes from the last stored price, and a long pause does not make a jump", () => {
    const resumeFrom = new Map([["BTC/USDT", { price: 6_000_000n, seq: 812n }]]);
    const feed = new SimulatedFeed({ products: [btc], seed: "resume", clock, resumeFrom });
    const [first] = feed.step(new Date("2026-01-05T08:00:00Z"));
    expect(Math.abs(Math.log(Number(first?.price) / 6_000_000))).toBeLessThan(0.005);
    const [afterPause] = feed.step(new Date("2026-01-06T08:00:00Z"));
    expect(Math.abs(Math.log(Number(afterPause?.price) / Number(first?.price)))).toBeLessThan(0.01);
    // Resuming elsewhere in the chain draws other numbers rather than replaying the same moves.
    const other = new SimulatedFeed({
      products: [btc],
      seed: "resume",
      clock,
      resumeFrom: new Map([["BTC/USDT", { price: 6_000_000n, seq: 813n }]]),
    });
    expect(other.step(new Date("2026-01-05T08:00:00Z"))[0]?.price).not.toBe(first?.price);
  });

  it("ticks once per interval on its timer at the clock's time, until stopped", () => {
    vi.useFakeTimers();
    const manual = new ManualClock("2026-01-05T08:00:00Z");
    const feed = new SimulatedFeed({ products: CATALOGUE.slice(0, 3), seed: "timer", clock: manual });
    const batches: FeedTick[][] = [];
    feed.start((ticks) => {
      batches.push(ticks);
      manual.advance(1000);
    });
    vi.advanceTimersByTime(3000);
    expect(batches).toHaveLength(3);
    expect(batches.map((b) => b[0]?.time.toISOString())).toEqual([
      "2026-01-05T08:00:00.000Z",
      "2026-01-05T08:00:01.000Z",
      "2026-01-05T08:00:02.000Z",
    ]);
    feed.stop();
    vi.advanceTimersByTime(5000);
    expect(batches).toHaveLength(3);
  });
});
