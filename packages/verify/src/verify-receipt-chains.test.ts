import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatScaled, minorOf, scaledOf } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type { Receipt, ReceiptTick } from "./receipt";
import { CHAINS, EPOCH_MS, rechain, syntheticReceipt } from "./receipt.testing";
import { fromHex } from "./sha256";
import { epochPath } from "./synthetic-path";
import { verifyReceipt } from "./verify-receipt";
import { clone, failed, nudge } from "./verify-receipt.testing";

/**
 * Rewrites the receipt as a forger holding the seeds would: epoch `epochIndex` of its segment
 * `segment` opens at `opening` instead, and that epoch's ticks follow the path from it, rehashed, with
 * the contract's entry, exit, result and payout to match. Only the openings' continuity can tell.
 */
function forgeOpening(receipt: Receipt, segment: number, epochIndex: number, opening: string): Receipt {
  const forged = clone(receipt);
  const chain = forged.fairness?.[segment];
  const epoch = chain?.epochs.find((e) => e.index === epochIndex);
  if (!chain || !epoch?.seed) throw new Error("the receipt holds that epoch with its seed");
  epoch.opening = opening;
  const { product, epochMs, tickMs } = chain;
  const params = { ...product, meanVolume: BigInt(product.meanVolume) };
  const path = epochPath(
    fromHex(epoch.seed) as Uint8Array,
    params,
    scaledOf(opening, 2) as bigint,
    epochMs / tickMs,
  );
  const startsAt = Date.parse(epoch.startsAt);
  for (const tick of forged.ticks) {
    const offset = Date.parse(tick.time) - startsAt;
    if (offset >= 0 && offset < epochMs) tick.price = formatScaled(path[offset / tickMs]?.price as bigint, 2);
  }
  forged.ticks = rechain(forged.ticks, forged.contract.symbol);
  const ref = ({ seq, time, price, hash }: ReceiptTick) => ({ seq, time, price, hash });
  const c = forged.contract;
  c.entry = ref(forged.ticks[0] as ReceiptTick);
  c.exit = ref(forged.ticks.at(-1) as ReceiptTick);
  c.result = outcomeOf(c.direction, c.entry.price, c.exit.price);
  const stake = minorOf(c.stake) as bigint;
  const payout = payoutFor(stake, c.payoutRateBps, c.result);
  c.payout = formatScaled(payout, 2);
  c.profit = formatScaled(payout - stake, 2);
  return forged;
}

describe("verifyReceipt across a chain and its successor", () => {
  // From the last epoch of the vectors' chain (3 epochs) into the successor's first.
  const crossing = syntheticReceipt({
    entryIndex: 880,
    durationSeconds: 45,
    direction: "up",
    stake: 1000n,
    payoutRateBps: 8500,
  });

  it("carries one segment per chain and passes, each chain checked on its own anchor and parameters", () => {
    expect(crossing.fairness?.map((s) => [s.anchor, s.successor, s.epochs.map((e) => e.index)])).toEqual([
      [CHAINS[0]?.anchor, false, [3]],
      [CHAINS[1]?.anchor, true, [1]],
    ]);
    const verification = verifyReceipt(JSON.parse(JSON.stringify(crossing)));
    expect(failed(verification.checks)).toEqual([]);
    expect(verification.ticks).toBe(46);
  });

  it("passes any intact contract on either chain or across the hand-over", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 600, max: 1700 }),
        fc.integer({ min: 1, max: 90 }),
        (entryIndex, durationSeconds) => {
          const receipt = syntheticReceipt({
            entryIndex,
            durationSeconds,
            direction: "down",
            stake: 700n,
            payoutRateBps: 9000,
          });
          expect(failed(verifyReceipt(receipt).checks)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("refuses a tampered segment: a successor that does not start at the end, another anchor, another chain's parameters, an epoch past the chain's end", () => {
    const at = (receipt: Receipt, position: number) => {
      const segment = receipt.fairness?.[position];
      if (!segment) throw new Error("the receipt crosses two chains");
      return segment;
    };
    const late = clone(crossing);
    const successor = at(late, 1);
    successor.chainStartsAt = new Date(Date.parse(successor.chainStartsAt) + EPOCH_MS).toISOString();
    const lateSeeds = verifyReceipt(late).checks.find((c) => c.name === "seeds");
    expect(lateSeeds?.reason).toBe(`the chain ${successor.anchor} does not start where its predecessor ends`);

    const swapped = clone(crossing);
    at(swapped, 1).anchor = at(swapped, 0).anchor;
    expect(failed(verifyReceipt(swapped).checks)).toEqual([["seeds", null]]);

    const sameParameters = clone(crossing);
    at(sameParameters, 1).product.stepVolatilityPpm = at(sameParameters, 0).product.stepVolatilityPpm;
    expect(failed(verifyReceipt(sameParameters).checks).map(([name]) => name)).toEqual(["prices"]);

    const shorter = clone(crossing);
    at(shorter, 0).chainLength = 2;
    expect(verifyReceipt(shorter).checks.find((c) => c.name === "seeds")?.reason).toBe(
      "epoch 3 is past the end of its chain (2 epochs)",
    );
  });

  it("refuses a successor whose first epoch does not open at its predecessor's last price, though its ticks follow from that opening", () => {
    const opening = at1(crossing).opening;
    const forged = forgeOpening(crossing, 1, 1, nudge(opening));
    const verification = verifyReceipt(forged);
    expect(failed(verification.checks)).toEqual([["prices", null]]);
    expect(verification.checks.find((c) => c.name === "prices")?.reason).toBe(
      `epoch 1 of the successor chain opens at ${nudge(opening)}, epoch 3 closed at ${opening}`,
    );
    // The same within one chain: epoch 2 opens where epoch 1 closed.
    const inChain = syntheticReceipt({
      entryIndex: 280,
      durationSeconds: 40,
      direction: "up",
      stake: 100n,
      payoutRateBps: 8000,
    });
    const epoch2 = inChain.fairness?.[0]?.epochs[1]?.opening as string;
    expect(failed(verifyReceipt(forgeOpening(inChain, 0, 2, nudge(epoch2))).checks)).toEqual([
      ["prices", null],
    ]);
  });
});

/** The successor chain's epoch 1 in a receipt that crosses into it. */
function at1(receipt: Receipt) {
  const epoch = receipt.fairness?.[1]?.epochs[0];
  if (!epoch) throw new Error("the receipt crosses into the successor");
  return epoch;
}
