import { describe, expect, it } from "vitest";
import { formatScaled } from "./decimal";
import { CHAIN_STARTS_AT, EPOCH_MS, rechain } from "./receipt.testing";
import { fromHex } from "./sha256";
import { epochPath } from "./synthetic-path";
import vectors from "./vectors.json";
import { type PublishedChain, type PublishedEpoch, verifyEpoch } from "./verify-epoch";

const product = vectors.products[0] as (typeof vectors.products)[number];
const params = { ...product, meanVolume: BigInt(product.meanVolume) };
const chain: PublishedChain = {
  algorithm: vectors.algorithm,
  anchor: vectors.seeds[0] as string,
  tickMs: vectors.tickMs,
  products: [product],
};
const at = (ms: number) => new Date(CHAIN_STARTS_AT + ms).toISOString();
const price = (scaled: bigint) => formatScaled(scaled, product.precision);

/** Epoch `index` as the server publishes it, opening at `opening`, with every tick recorded from it. */
function published(index: number, opening: bigint) {
  const seed = vectors.seeds[index] as string;
  const path = epochPath(fromHex(seed) as Uint8Array, params, opening, vectors.ticksPerEpoch);
  const startsAt = (index - 1) * EPOCH_MS;
  const epoch: PublishedEpoch = {
    index,
    startsAt: at(startsAt),
    endsAt: at(startsAt + EPOCH_MS),
    seed,
    openings: { [product.symbol]: price(opening) },
  };
  const ticks = rechain(
    path.map((tick, i) => ({
      seq: String(index * 1000 + i),
      time: at(startsAt + i * vectors.tickMs),
      price: price(tick.price),
      prevHash: "0".repeat(64),
    })),
    product.symbol,
  ).map((tick) => ({ ...tick, symbol: product.symbol }));
  return { epoch, ticks, close: path.at(-1)?.price as bigint };
}

describe("verifyEpoch with the epoch before it", () => {
  const first = published(1, BigInt(product.openingPrice));

  it("checks that the epoch opens where the one before closed", () => {
    const second = published(2, first.close);
    const verification = verifyEpoch(chain, second.epoch, product.symbol, second.ticks, first.epoch);
    expect(verification.checks.map((c) => [c.name, c.ok])).toEqual([
      ["seed", true],
      ["hashes", true],
      ["prices", true],
      ["opening", true],
    ]);
    expect(verification.ok).toBe(true);
  });

  it("refuses an opening that was chosen, though every tick follows from it", () => {
    const chosen = published(2, first.close + 500n);
    const verification = verifyEpoch(chain, chosen.epoch, product.symbol, chosen.ticks, first.epoch);
    expect(verification.ok).toBe(false);
    expect(verification.checks.filter((c) => !c.ok)).toEqual([
      {
        name: "opening",
        ok: false,
        reason: `epoch 2 opens at ${price(first.close + 500n)}, epoch 1 closed at ${price(first.close)}`,
        seq: null,
      },
    ]);
    // Without the epoch before it, the command can say nothing of the opening.
    expect(verifyEpoch(chain, chosen.epoch, product.symbol, chosen.ticks).ok).toBe(true);
  });
});
