import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seedChain, seedLeadsTo } from "./seed-chain";
import { toHex } from "./sha256";

const hashHex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("seed chain", () => {
  const secret = new Uint8Array(randomBytes(32));
  const seeds = seedChain(secret, 50);

  it("runs from the anchor s_0 to the secret s_N, each seed the hash of the next", () => {
    expect(seeds).toHaveLength(51);
    expect(seeds[50]).toEqual(secret);
    for (let k = 1; k <= 50; k++)
      expect(toHex(seeds[k - 1] as Uint8Array)).toBe(hashHex(seeds[k] as Uint8Array));
  });

  it("lets anyone walk a revealed seed back to the anchor or to any earlier revealed seed", () => {
    const anchor = toHex(seeds[0] as Uint8Array);
    expect(seedLeadsTo(toHex(seeds[37] as Uint8Array), 37, anchor)).toBe(true);
    expect(seedLeadsTo(toHex(seeds[37] as Uint8Array), 37, toHex(seeds[20] as Uint8Array), 20)).toBe(true);
  });

  it("refuses a seed at the wrong index, with one byte changed, or malformed", () => {
    const anchor = toHex(seeds[0] as Uint8Array);
    const seed = toHex(seeds[12] as Uint8Array);
    expect(seedLeadsTo(seed, 11, anchor)).toBe(false);
    expect(seedLeadsTo(seed, 13, anchor)).toBe(false);
    const flipped = `${seed.slice(0, 10)}${seed[10] === "0" ? "1" : "0"}${seed.slice(11)}`;
    expect(seedLeadsTo(flipped, 12, anchor)).toBe(false);
    expect(seedLeadsTo(seed.toUpperCase(), 12, anchor)).toBe(false);
    expect(seedLeadsTo(seed.slice(2), 12, anchor)).toBe(false);
    expect(seedLeadsTo(anchor, 0, anchor)).toBe(false);
  });

  it("takes only a 32-byte secret and a positive length", () => {
    expect(() => seedChain(new Uint8Array(31), 5)).toThrow(RangeError);
    expect(() => seedChain(secret, 0)).toThrow(RangeError);
  });
});
