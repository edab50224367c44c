import type { DurationValue } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { fairFigure, formatChance, formatPer100, realizedFigure } from "./value-format";

const sixty: DurationValue = {
  seconds: 60,
  payoutRateBps: 8500,
  fair: {
    up: { win: 0.4995, draw: 0.00006, per100: "92.42" },
    down: { win: 0.5004, draw: 0.00006, per100: "92.58" },
  },
  realized: { contracts: 1234, per100: "91.20" },
};

describe("the expected value's figures", () => {
  it("formats a return per 100 with the locale's separators, two decimals", () => {
    expect(formatPer100("92.50", "en")).toBe("92.50");
    expect(formatPer100("92.50", "de")).toBe("92,50");
    expect(formatPer100("1092.5", "fr")).toMatch(/^1\s092,50$/u);
    expect(formatPer100("92.50", "th")).toBe("92.50");
  });

  it("formats chances in the locale's percent style, and a negligible one as under 0.01 %", () => {
    expect(formatChance(0.49954, "en")).toBe("49.95%");
    expect(formatChance(0.0557, "de")).toMatch(/^5,57\s%$/u);
    expect(formatChance(0.00002, "en")).toBe("< 0.01%");
    expect(formatChance(0.00002, "fr")).toMatch(/^< 0,01\s%$/u);
    expect(formatChance(0, "en")).toBe("0.00%");
  });

  it("picks the chosen direction's fair figure, none without a model", () => {
    expect(fairFigure(sixty, "down")).toEqual({ win: 0.5004, draw: 0.00006, per100: "92.58" });
    expect(fairFigure({ ...sixty, fair: null }, "up")).toBeNull();
  });

  it("states the realized figure with its sample, or that there are too few contracts yet", () => {
    expect(realizedFigure(sixty, 100)).toEqual({ kind: "figure", per100: "91.20", contracts: 1234 });
    expect(realizedFigure({ ...sixty, realized: { contracts: 12, per100: null } }, 100)).toEqual({
      kind: "tooFew",
      contracts: 12,
      min: 100,
    });
  });
});
