import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReceiptTick } from "./receipt";
import { asVersion1, realFeedReceipt, rechain, syntheticReceipt } from "./receipt.testing";
import { medianPrice, verifyReceipt } from "./verify-receipt";
import { clone, failed, flipHex, nudge, optionsArb } from "./verify-receipt.testing";

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
});

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
