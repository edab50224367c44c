import { describe, expect, it } from "vitest";
import { comparePrices, outcomeOf } from "./outcome";
import { payoutFor } from "./payout";

describe("comparePrices", () => {
  it("compares decimal strings exactly, whatever their number of decimals", () => {
    expect(comparePrices("67012.35", "67012.34")).toBe(1);
    expect(comparePrices("1.08421", "1.08422")).toBe(-1);
    expect(comparePrices("1.5", "1.50")).toBe(0);
    expect(comparePrices("10", "9.99999999")).toBe(1);
    // Beyond a double's precision.
    expect(comparePrices("123456789012.00000001", "123456789012.00000002")).toBe(-1);
  });

  it("refuses anything that is not a plain decimal", () => {
    expect(() => comparePrices("1e3", "1")).toThrow(RangeError);
    expect(() => comparePrices("1", "-1")).toThrow(RangeError);
  });
});

describe("outcomeOf", () => {
  it("up wins on a higher exit, down on a lower one, equal is a draw", () => {
    expect(outcomeOf("up", "100.00", "100.01")).toBe("win");
    expect(outcomeOf("up", "100.00", "99.99")).toBe("lose");
    expect(outcomeOf("down", "100.00", "99.99")).toBe("win");
    expect(outcomeOf("down", "100.00", "100.01")).toBe("lose");
    expect(outcomeOf("up", "100.00", "100")).toBe("draw");
    expect(outcomeOf("down", "100.00", "100.00")).toBe("draw");
  });
});

describe("payoutFor", () => {
  it("pays stake × (1 + rate) rounded down on a win, the stake back on a draw or void, nothing on a loss", () => {
    expect(payoutFor(1000n, 8000, "win")).toBe(1800n);
    expect(payoutFor(333n, 8500, "win")).toBe(616n);
    expect(payoutFor(1000n, 8000, "draw")).toBe(1000n);
    expect(payoutFor(1000n, 8000, "void")).toBe(1000n);
    expect(payoutFor(1000n, 8000, "lose")).toBe(0n);
  });
});
