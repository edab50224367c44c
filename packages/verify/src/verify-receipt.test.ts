import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatScaled, minorOf, scaledOf } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type { Receipt, ReceiptTick } from "./receipt";
import { asVersion1, CHAINS, EPOCH_MS, realFeedReceipt, rechain, syntheticReceipt } from "./receipt.testing";
import { fromHex } from "./sha256";
import { epochPath } from "./synthetic-path";
import { medianPrice, type ReceiptCheck, verifyReceipt } from "./verify-receipt";

const failed = (checks: ReceiptCheck[]) => checks.filter((c) => !c.ok).map((c) => [c.name, c.seq]);
const clone = (receipt: Receipt): Receipt => structuredClone(receipt);

const optionsArb = fc.record({
  // Up to epoch 2's end, across the boundary between epochs 1 and 2 too.
  entryIndex: fc.integer({ min: 0, max: 540 }),
  durationSeconds: fc.integer({ min: 1, max: 59 }),
  direction: fc.constantFrom("up" as const, "down" as const),
  stake: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  payoutRateBps: fc.integer({ min: 0, max: 20_000 }),
});
/** A receipt and a tick of it. */
const pickedArb = optionsArb.chain((options) =>
  fc.record({
    receipt: fc.constant(syntheticReceipt(options)),
    at: fc.nat({ max: options.durationSeconds }),
  }),
);

/** Changes one hex digit of `hex` at `position`. */
const flipHex = (hex: string, position: number) => {
  const digit = hex[position] === "0" ? "1" : "0";
  return `${hex.slice(0, position)}${digit}${hex.slice(position + 1)}`;
};

/** Bumps the last digit of a price by one (9 → 8, else +1). */
const nudge = (price: string) =>
  `${price.slice(0, -1)}${price.endsWith("9") ? "8" : String(Number(price.at(-1)) + 1)}`;

describe("verifyReceipt on a synthetic product", () => {
  it("passes any intact receipt, recomputing hashes, links, seeds and prices", () => {
    fc.assert(
      fc.property(optionsArb, (options) => {
        const verification = verifyReceipt(syntheticReceipt(options));
        expect(failed(verification.checks)).toEqual([]);
        expect(verification.ok).toBe(true);
        expect(verification.ticks).toBe(options.durationSeconds + 1);
        expect(verification.checks.map((c) => c.name)).toEqual([
          "hashes",
          "links",
          "entry",
          "exit",
          "timing",
          "result",
          "payout",
          "seeds",
          "prices",
        ]);
      }),
      { numRuns: 40 },
    );
  });

  it("survives a trip through JSON, as a downloaded file", () => {
    const receipt = syntheticReceipt({
      entryIndex: 290,
      durationSeconds: 20,
      direction: "up",
      stake: 1000n,
      payoutRateBps: 8500,
    });
    expect(receipt.fairness?.[0]?.epochs.map((e) => e.index)).toEqual([1, 2]);
    expect(verifyReceipt(JSON.parse(JSON.stringify(receipt))).ok).toBe(true);
  });

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

describe("verifyReceipt on a version 1 receipt someone saved", () => {
  const receipt = syntheticReceipt({
    entryIndex: 250,
    durationSeconds: 60,
    direction: "up",
    stake: 1000n,
    payoutRateBps: 8000,
  });

  it("still passes, with the same checks, and still refuses a changed seed", () => {
    const v1 = asVersion1(receipt);
    expect(v1).not.toHaveProperty("contract.payoutTableVersion");
    const verification = verifyReceipt(JSON.parse(JSON.stringify(v1)));
    expect(failed(verification.checks)).toEqual([]);
    expect(verification.checks.map((c) => c.name)).toEqual(verifyReceipt(receipt).checks.map((c) => c.name));
    const tampered = asVersion1(receipt);
    const epoch = tampered.fairness?.epochs[0];
    if (!epoch?.seed) throw new Error("revealed");
    epoch.seed = flipHex(epoch.seed, 3);
    expect(failed(verifyReceipt(tampered).checks).map(([name]) => name)).toContain("seeds");
  });

  it("is read by its own version's shape: a version 1 with a list of chains, or a version 2 with one, is not a receipt", () => {
    expect(verifyReceipt({ ...asVersion1(receipt), fairness: receipt.fairness }).checks[0]?.reason).toBe(
      "fairness is not an object",
    );
    expect(verifyReceipt({ ...receipt, fairness: asVersion1(receipt).fairness }).checks[0]?.reason).toBe(
      "fairness is not a list",
    );
    expect(verifyReceipt({ ...receipt, fairness: [] }).checks[0]?.reason).toBe(
      "fairness is not a list of at least one",
    );
    const { payoutTableVersion: _, ...withoutVersion } = receipt.contract;
    expect(verifyReceipt({ ...receipt, contract: withoutVersion }).checks[0]?.reason).toBe(
      "contract.payoutTableVersion is not an integer from 1",
    );
  });
});

describe("verifyReceipt before an epoch's seed is revealed", () => {
  const receipt = syntheticReceipt({
    entryIndex: 285,
    durationSeconds: 30,
    direction: "up",
    stake: 1000n,
    payoutRateBps: 8000,
  });
  const unrevealed = () => {
    const copy = clone(receipt);
    const epoch = copy.fairness?.[0]?.epochs[1];
    if (!epoch) throw new Error("the receipt spans epochs 1 and 2");
    epoch.seed = null;
    return copy;
  };

  it("checks what it can and says when the rest becomes checkable, without calling it wrong", () => {
    const verification = verifyReceipt(JSON.parse(JSON.stringify(unrevealed())));
    expect(verification).toMatchObject({ ok: false, pending: true });
    const waiting = verification.checks.filter((c) => !c.ok);
    expect(waiting.map((c) => [c.name, c.pending])).toEqual([
      ["seeds", true],
      ["prices", true],
    ]);
    expect(waiting[0]?.reason).toBe("the seed of epoch 2 is revealed at 2026-01-05T08:10:00.000Z");
    expect(waiting[1]?.reason).toBe("the prices of epoch 2 are checkable from 2026-01-05T08:10:00.000Z");
  });

  it("still refuses a wrong price in an epoch already revealed", () => {
    const tampered = unrevealed();
    const tick = tampered.ticks[3] as ReceiptTick;
    tick.price = nudge(tick.price);
    tampered.ticks = rechain(tampered.ticks, receipt.contract.symbol);
    const verification = verifyReceipt(tampered);
    expect(verification).toMatchObject({ ok: false, pending: false });
    expect(verification.checks.find((c) => c.name === "prices")).toMatchObject({
      ok: false,
      pending: false,
      seq: tick.seq,
    });
  });
});

describe("verifyReceipt on a real feed", () => {
  const prices = ["2500.10", "2500.40", "2499.90", "2501.00"];
  const options = { direction: "up" as const, stake: 2000n, payoutRateBps: 8500 };

  it("passes when every tick is the median of the trades it cites", () => {
    const verification = verifyReceipt(realFeedReceipt(prices, options));
    expect(failed(verification.checks)).toEqual([]);
    expect(verification.checks.at(-1)?.name).toBe("sources");
  });

  it("refuses a tick whose cited trades give another median, or that cites none", () => {
    const moved = realFeedReceipt(prices, options);
    const trade = moved.sources?.[2]?.trades[1];
    if (!trade) throw new Error("each tick cites three trades");
    trade.price = "2400.00";
    const verification = verifyReceipt(moved);
    expect(failed(verification.checks)).toEqual([["sources", "502"]]);
    expect(verification.checks.at(-1)?.reason).toBe(
      "tick 502: the cited trades' median is 2400.00, the tick says 2499.90",
    );
    const uncited = realFeedReceipt(prices, options);
    uncited.sources = uncited.sources?.slice(1) ?? null;
    expect(failed(verifyReceipt(uncited).checks)).toEqual([["sources", "500"]]);
  });
});

describe("verifyReceipt on what is not a receipt", () => {
  it("says what is wrong with its shape, as the only check", () => {
    for (const [value, reason] of [
      [null, "receipt is not an object"],
      [{ version: 3 }, "version is not one of 1, 2"],
      [[], "receipt is not an object"],
    ] as const) {
      expect(verifyReceipt(value)).toEqual({
        ok: false,
        pending: false,
        ticks: 0,
        checks: [{ name: "format", ok: false, pending: false, reason, seq: null }],
      });
    }
    const receipt = realFeedReceipt(["1.10", "1.20"], { direction: "up", stake: 100n, payoutRateBps: 8000 });
    const bad = { ...receipt, ticks: [{ ...receipt.ticks[0], seq: 12 }] };
    expect(verifyReceipt(bad).checks).toEqual([
      { name: "format", ok: false, pending: false, reason: "ticks[0].seq is not a tick number", seq: null },
    ]);
  });
});

describe("medianPrice", () => {
  it("takes the middle trade, or the mean of the middle two rounded half-up, at the precision", () => {
    expect(medianPrice(["3", "1", "2"], 2)).toBe("2.00");
    expect(medianPrice(["100.005", "99", "200"], 2)).toBe("100.01");
    expect(medianPrice(["100.00", "100.01"], 2)).toBe("100.01");
    expect(medianPrice(["100.00", "100.02", "5", "900"], 2)).toBe("100.01");
    expect(medianPrice(["0.1", "0.2"], 0)).toBe("0");
    expect(medianPrice([], 2)).toBeNull();
    expect(medianPrice(["1e3"], 2)).toBeNull();
  });
});
