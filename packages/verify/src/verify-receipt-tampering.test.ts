import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReceiptTick } from "./receipt";
import { rechain, syntheticReceipt } from "./receipt.testing";
import { verifyReceipt } from "./verify-receipt";
import { clone, failed, flipHex, nudge, optionsArb, pickedArb } from "./verify-receipt.testing";

/** Each part of a synthetic receipt changed on its own: the checks name what no longer follows. */
describe("verifyReceipt on a synthetic product", () => {
  it("refuses one changed price at that tick: by its hash, or by the path once rehashed", () => {
    fc.assert(
      fc.property(pickedArb, ({ receipt, at }) => {
        const tampered = clone(receipt);
        const tick = tampered.ticks[at] as ReceiptTick;
        tick.price = nudge(tick.price);
        const byHash = verifyReceipt(tampered);
        expect(byHash.ok).toBe(false);
        expect(failed(byHash.checks)[0]).toEqual(["hashes", tick.seq]);
        expect(byHash.checks.find((c) => c.name === "hashes")?.reason).toContain(`tick ${tick.seq}`);

        // Whoever rewrote the price also rewrote every later hash: the seed still gives it away.
        tampered.ticks = rechain(tampered.ticks, receipt.contract.symbol);
        const byPath = verifyReceipt(tampered);
        expect(byPath.ok).toBe(false);
        expect(failed(byPath.checks)).toContainEqual(["prices", tick.seq]);
        expect(byPath.checks.find((c) => c.name === "prices")?.reason).toMatch(
          new RegExp(
            `^tick ${tick.seq}: the seed of epoch [12] gives \\S+ at index \\d+, the tick says ${tick.price.replace(".", "\\.")}$`,
          ),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("refuses one changed seed byte, naming the epoch", () => {
    fc.assert(
      fc.property(optionsArb, fc.nat({ max: 63 }), (options, position) => {
        const tampered = syntheticReceipt(options);
        const epoch = tampered.fairness?.[0]?.epochs[0];
        if (!epoch?.seed) throw new Error("a synthetic receipt has a revealed epoch");
        epoch.seed = flipHex(epoch.seed, position);
        const verification = verifyReceipt(tampered);
        expect(verification.ok).toBe(false);
        const seeds = verification.checks.find((c) => c.name === "seeds");
        expect(seeds?.ok).toBe(false);
        expect(seeds?.reason).toBe(`the seed of epoch ${epoch.index} does not hash down to the anchor`);
        // The prices no longer follow from the changed seed either (a 2^-16-odd coincidence aside).
        expect(failed(verification.checks).map(([name]) => name)).toContain("prices");
      }),
      { numRuns: 40 },
    );
  });

  it("refuses one changed hash at that tick", () => {
    fc.assert(
      fc.property(pickedArb, fc.nat({ max: 63 }), ({ receipt, at }, position) => {
        const tampered = clone(receipt);
        const tick = tampered.ticks[at] as ReceiptTick;
        tick.hash = flipHex(tick.hash, position);
        const verification = verifyReceipt(tampered);
        expect(verification.ok).toBe(false);
        expect(failed(verification.checks)[0]).toEqual(["hashes", tick.seq]);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a result or a payout that does not follow, and an anchor of another chain", () => {
    const receipt = syntheticReceipt({
      entryIndex: 10,
      durationSeconds: 30,
      direction: "up",
      stake: 1000n,
      payoutRateBps: 8000,
    });
    const lied = clone(receipt);
    lied.contract.result = lied.contract.result === "win" ? "lose" : "win";
    expect(failed(verifyReceipt(lied).checks).map(([name]) => name)).toEqual(["result", "payout"]);
    const overpaid = clone(receipt);
    overpaid.contract.payout = "999.00";
    expect(failed(verifyReceipt(overpaid).checks)).toEqual([["payout", null]]);
    const otherChain = clone(receipt);
    const segment = otherChain.fairness?.[0];
    if (segment) segment.anchor = "ef".repeat(32);
    expect(failed(verifyReceipt(otherChain).checks)).toEqual([["seeds", null]]);
    const otherAlgorithm = clone(receipt);
    const algorithm = otherAlgorithm.fairness?.[0];
    if (algorithm) algorithm.algorithm = "tickfair-synthetic-v9";
    expect(verifyReceipt(otherAlgorithm).checks.find((c) => c.name === "seeds")?.reason).toMatch(
      /does not know/,
    );
  });

  it("refuses a tick off the grid, a tick outside the receipt's epochs, or a shifted epoch", () => {
    const receipt = syntheticReceipt({
      entryIndex: 100,
      durationSeconds: 5,
      direction: "down",
      stake: 500n,
      payoutRateBps: 8000,
    });
    const shifted = clone(receipt);
    const epoch = shifted.fairness?.[0]?.epochs[0];
    if (!epoch) throw new Error("a synthetic receipt has an epoch");
    epoch.startsAt = new Date(Date.parse(epoch.startsAt) + 1000).toISOString();
    expect(failed(verifyReceipt(shifted).checks)).toContainEqual(["seeds", null]);
    const noEpochs = clone(receipt);
    const none = noEpochs.fairness?.[0];
    if (none) none.epochs = [];
    expect(failed(verifyReceipt(noEpochs).checks)).toEqual([["prices", "1100"]]);
  });
});
