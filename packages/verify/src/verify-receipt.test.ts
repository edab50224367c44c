import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Receipt, ReceiptTick } from "./receipt";
import { realFeedReceipt, rechain, syntheticReceipt } from "./receipt.testing";
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
    expect(receipt.fairness?.epochs.map((e) => e.index)).toEqual([1, 2]);
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
        const epoch = tampered.fairness?.epochs[0];
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
    if (otherChain.fairness) otherChain.fairness.anchor = "ef".repeat(32);
    expect(failed(verifyReceipt(otherChain).checks)).toEqual([["seeds", null]]);
    const otherAlgorithm = clone(receipt);
    if (otherAlgorithm.fairness) otherAlgorithm.fairness.algorithm = "tickfair-synthetic-v9";
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
    const epoch = shifted.fairness?.epochs[0];
    if (!epoch) throw new Error("a synthetic receipt has an epoch");
    epoch.startsAt = new Date(Date.parse(epoch.startsAt) + 1000).toISOString();
    expect(failed(verifyReceipt(shifted).checks)).toContainEqual(["seeds", null]);
    const noEpochs = clone(receipt);
    if (noEpochs.fairness) noEpochs.fairness.epochs = [];
    expect(failed(verifyReceipt(noEpochs).checks)).toEqual([["prices", "1100"]]);
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
    const epoch = copy.fairness?.epochs[1];
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
      [{ version: 2 }, "version is not one of 1"],
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
