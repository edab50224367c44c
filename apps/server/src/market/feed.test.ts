import { epochPath, stepVolatilityPpm } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { CATALOGUE, type CatalogueProduct } from "./catalogue";
import { gbmStep, HistoryWalk, MS_PER_YEAR } from "./history-walk";
import { parseScaled } from "./prices";
import { KeyedRandom } from "./random";

const btc = CATALOGUE[0] as CatalogueProduct;

function logReturns(prices: bigint[]): number[] {
  return prices.slice(1).map((p, i) => Math.log(Number(p) / Number(prices[i])));
}

function std(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

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

describe("a closed market's history walk", () => {
  it("is the drift-free exponential step", () => {
    expect(gbmStep(100, 0.5, 0, 3)).toBe(100);
    const dt = 1 / 365;
    expect(gbmStep(100, 0.2, dt, 1)).toBeCloseTo(100 * Math.exp(-0.02 * dt + 0.2 * Math.sqrt(dt)), 10);
    expect(gbmStep(100, 5, 1, -50)).toBeGreaterThan(0);
  });

  it("is deterministic for a seed and keeps prices positive even at absurd volatility", () => {
    const walk = (seed: string) => {
      const history = new HistoryWalk(btc, seed, 60_000);
      return Array.from({ length: 100 }, (_, i) => history.step(new Date(i * 60_000)));
    };
    expect(walk("a")).toEqual(walk("a"));
    expect(walk("a")).not.toEqual(walk("b"));
    const wild: CatalogueProduct = {
      ...btc,
      symbol: "WILD",
      simulation: { startPrice: "1.00", annualVolatility: 8, meanVolume: "1.0000" },
    };
    const history = new HistoryWalk(wild, "wild", 3_600_000);
    const prices = Array.from({ length: 5000 }, (_, i) => history.step(new Date(i * 3_600_000)).price);
    expect(prices.every((p) => p >= 1n)).toBe(true);
  });
});

describe("the synthetic feed", () => {
  it("moves with about the catalogue's volatility and volume (the chain's published integers)", () => {
    const params = {
      symbol: btc.symbol,
      stepVolatilityPpm: stepVolatilityPpm(btc.simulation.annualVolatility, 1000),
      meanVolume: parseScaled(btc.simulation.meanVolume, btc.volumePrecision),
    };
    const ticks = epochPath(new Uint8Array(32).fill(3), params, 95_000_00n, 20_000);
    const realised = std(logReturns(ticks.map((t) => t.price))) / Math.sqrt(1000 / MS_PER_YEAR);
    expect(realised).toBeGreaterThan(btc.simulation.annualVolatility * 0.9);
    expect(realised).toBeLessThan(btc.simulation.annualVolatility * 1.1);
    const meanVolume =
      ticks.reduce((a, t) => a + Number(t.volume), 0) / ticks.length / 10 ** btc.volumePrecision;
    expect(meanVolume).toBeGreaterThan(0.35 * 0.9);
    expect(meanVolume).toBeLessThan(0.35 * 1.1);
  });
});
