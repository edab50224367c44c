import { describe, expect, it } from "vitest";
import { pnlClass, signOf } from "./pnl";

describe("signOf", () => {
  it("reads the sign from the digits", () => {
    expect(signOf("12.50")).toBe(1);
    expect(signOf("-0.01")).toBe(-1);
    expect(signOf("0.00")).toBe(0);
    expect(signOf("-0.00")).toBe(0);
    expect(signOf("0")).toBe(0);
  });

  it("picks the colour class", () => {
    expect(pnlClass("3")).toBe("pnl-up");
    expect(pnlClass("-3")).toBe("pnl-down");
    expect(pnlClass("0.00")).toBe("pnl-flat");
  });
});
