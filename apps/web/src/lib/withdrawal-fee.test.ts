import { describe, expect, it } from "vitest";
import { subtractMoney, withdrawalFigures } from "./withdrawal-fee";

describe("withdrawalFigures", () => {
  it("adds the fixed fee and the rounded-down rate", () => {
    // 1 234.56 × 1.5 % = 18.5184 → 18.51, + 2.00
    expect(withdrawalFigures("1234.56", "2.00", 150)).toEqual({
      fee: "20.51",
      received: "1214.05",
      coversFee: true,
    });
    expect(withdrawalFigures("100", "0.00", 0)).toEqual({ fee: "0.00", received: "100.00", coversFee: true });
  });

  it("never uses floats: tiny and huge amounts stay exact", () => {
    expect(withdrawalFigures("0.99", "0.00", 100)?.fee).toBe("0.00");
    expect(withdrawalFigures("9999999999999.99", "0.00", 1)?.fee).toBe("999999999.99");
  });

  it("says when the amount does not cover the fee", () => {
    expect(withdrawalFigures("2.00", "2.00", 0)).toEqual({ fee: "2.00", received: "0.00", coversFee: false });
    expect(withdrawalFigures("1.00", "2.00", 0)?.coversFee).toBe(false);
  });

  it("reads amounts still being typed and ignores no amount", () => {
    expect(withdrawalFigures("12.", "1.00", 0)?.received).toBe("11.00");
    expect(withdrawalFigures("", "1.00", 0)).toBeNull();
    expect(withdrawalFigures("0", "1.00", 0)).toBeNull();
    expect(withdrawalFigures("abc", "1.00", 0)).toBeNull();
  });
});

describe("money helpers", () => {
  it("subtracts exactly", () => {
    expect(subtractMoney("0.30", "0.10")).toBe("0.20");
  });
});
