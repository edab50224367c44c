import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedChain } from "./seed-chain";
import { toHex } from "./sha256";
import { epochPath, type PathParams, type PathTick, pathTick, stepVolatilityPpm } from "./synthetic-path";
import vectors from "./vectors.json";

/** The rule of docs/fairness.md written again from the text, on Node's SHA-256: a second implementation. */
function fromTheDocs(seed: Uint8Array, params: PathParams, opening: bigint, ticks: number) {
  const out: { price: bigint; volume: bigint }[] = [];
  let previous = opening;
  for (let i = 0; i < ticks; i++) {
    const d = createHash("sha256").update(seed).update(`|${params.symbol}|${i}`, "utf8").digest();
    const w = (j: number) => d.readUInt16BE(2 * j);
    let sum = 0;
    for (let j = 0; j < 12; j++) sum += w(j);
    const z = BigInt(sum - 393216);
    const next = previous + (previous * BigInt(params.stepVolatilityPpm) * z) / 65536000000n;
    const price = next < 1n ? 1n : next;
    out.push({ price, volume: (params.meanVolume * BigInt(w(12) + w(13) + w(14))) / 98302n });
    previous = price;
  }
  return out;
}

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
const paramsArb = fc.record({
  symbol: fc.string({ minLength: 1, maxLength: 12 }),
  stepVolatilityPpm: fc.integer({ min: 1, max: 1_000_000 }),
  meanVolume: fc.bigInt({ min: 0n, max: 10n ** 12n }),
});

describe("synthetic path", () => {
  it("is what the documented rule gives, for any seed, product and opening price", () => {
    fc.assert(
      fc.property(seedArb, paramsArb, fc.bigInt({ min: 1n, max: 10n ** 15n }), (seed, params, opening) => {
        expect(epochPath(seed, params, opening, 40)).toEqual(fromTheDocs(seed, params, opening, 40));
      }),
      { numRuns: 60 },
    );
  });

  it("reproduces the published test vectors", () => {
    const seeds = seedChain(
      Uint8Array.from({ length: 32 }, (_, i) => i),
      vectors.chainLength,
    );
    expect(seeds.map(toHex)).toEqual(vectors.seeds);
    for (const product of vectors.products) {
      const params = { ...product, meanVolume: BigInt(product.meanVolume) };
      let opening = BigInt(product.openingPrice);
      for (const epoch of product.epochs) {
        const path = epochPath(seeds[epoch.index] as Uint8Array, params, opening, vectors.ticksPerEpoch);
        expect(path.map((t) => t.price.toString())).toEqual(epoch.prices);
        expect(path.map((t) => t.volume.toString())).toEqual(epoch.volumes);
        expect(fromTheDocs(seeds[epoch.index] as Uint8Array, params, opening, vectors.ticksPerEpoch)).toEqual(
          path,
        );
        opening = (path.at(-1) as PathTick).price;
      }
    }
  });

  it("gives each tick from its seed, product, index and previous price alone", () => {
    fc.assert(
      fc.property(seedArb, paramsArb, fc.bigInt({ min: 1n, max: 10n ** 12n }), (seed, params, opening) => {
        const path = epochPath(seed, params, opening, 30);
        const resumed = pathTick(seed, params, 17, (path[16] as PathTick).price);
        expect(resumed).toEqual(path[17]);
      }),
      { numRuns: 50 },
    );
  });

  it("never goes below one unit and moves with the published volatility", () => {
    const seed = seedChain(new Uint8Array(32).fill(7), 1)[1] as Uint8Array;
    const params = { symbol: "BTC/USDT", stepVolatilityPpm: 98, meanVolume: 3500n };
    const path = epochPath(seed, params, 9_500_000n, 20_000);
    let previous = 9_500_000;
    let sumSquares = 0;
    let volume = 0n;
    for (const tick of path) {
      expect(tick.price).toBeGreaterThanOrEqual(1n);
      const relative = (Number(tick.price) - previous) / previous;
      sumSquares += relative * relative;
      previous = Number(tick.price);
      volume += tick.volume;
    }
    const perTick = Math.sqrt(sumSquares / path.length) * 1e6;
    expect(perTick).toBeGreaterThan(90);
    expect(perTick).toBeLessThan(106);
    expect(Number(volume) / path.length).toBeGreaterThan(3400);
    expect(Number(volume) / path.length).toBeLessThan(3600);
    const floor = epochPath(seed, { ...params, stepVolatilityPpm: 1_000_000 }, 1n, 500);
    expect(floor.every((t) => t.price >= 1n)).toBe(true);
  });

  it("derives the per-tick volatility once, as a published integer", () => {
    expect(stepVolatilityPpm(0.55, 1000)).toBe(98);
    expect(stepVolatilityPpm(0.07, 1000)).toBe(12);
    expect(stepVolatilityPpm(0, 1000)).toBe(1);
  });

  it("refuses parameters outside the rule", () => {
    const seed = new Uint8Array(32);
    const params = { symbol: "X", stepVolatilityPpm: 98, meanVolume: 1n };
    expect(() => epochPath(seed, { ...params, stepVolatilityPpm: 0 }, 1n, 1)).toThrow(RangeError);
    expect(() => epochPath(seed, { ...params, stepVolatilityPpm: 1.5 }, 1n, 1)).toThrow(RangeError);
    expect(() => epochPath(seed, { ...params, meanVolume: -1n }, 1n, 1)).toThrow(RangeError);
    expect(() => epochPath(seed, params, 0n, 1)).toThrow(RangeError);
    expect(() => epochPath(seed, params, 1n, 0)).toThrow(RangeError);
  });
});
