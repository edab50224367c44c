import type { SavingsSettings } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  CUT_OFF_PATTERN,
  firstRateDay,
  isAfterToday,
  isLimitAmountInput,
  isRateInput,
  limitChanges,
  limitsFormValues,
  limitsSettings,
  minNotAboveMax,
  normaliseRate,
} from "./savings-form";

const SETTINGS: SavingsSettings = {
  cutOff: "15:00",
  moveIn: { perDay: 5, min: "1.00", max: "50000.00" },
  moveOut: { perDay: 10, min: "0.01", max: "50000.00" },
};

describe("a rate to schedule", () => {
  it("takes percent with at most four decimals, up to the highest rate allowed", () => {
    expect(isRateInput("2.35")).toBe(true);
    expect(isRateInput(" 0 ")).toBe(true);
    expect(isRateInput("36")).toBe(true);
    expect(isRateInput("36.0001")).toBe(false);
    expect(isRateInput("2.35%")).toBe(false);
    expect(isRateInput("2.123456")).toBe(false);
    expect(isRateInput("-1")).toBe(false);
  });

  it("is sent as the API writes rates", () => {
    expect(normaliseRate("2.5")).toBe("2.50");
    expect(normaliseRate("2.3500")).toBe("2.35");
    expect(normaliseRate("1.2345")).toBe("1.2345");
  });

  it("takes effect on a day after today only", () => {
    expect(firstRateDay("2026-12-31")).toBe("2027-01-01");
    expect(isAfterToday("2026-11-25", "2026-11-24")).toBe(true);
    expect(isAfterToday("2026-11-24", "2026-11-24")).toBe(false);
    expect(isAfterToday("", "2026-11-24")).toBe(false);
  });
});

describe("the limits on moves in and out", () => {
  it("takes the cut-off as HH:MM in 24-hour time", () => {
    expect(CUT_OFF_PATTERN.test("15:00")).toBe(true);
    expect(CUT_OFF_PATTERN.test("23:59")).toBe(true);
    expect(CUT_OFF_PATTERN.test("24:00")).toBe(false);
    expect(CUT_OFF_PATTERN.test("9:00")).toBe(false);
  });

  it("round-trips the settings through the form, amounts with two decimals", () => {
    const values = limitsFormValues(SETTINGS);
    expect(limitsSettings(values)).toEqual(SETTINGS);
    expect(
      limitsSettings({ ...values, moveIn: { perDay: null, min: "2", max: "100.5" }, cutOff: "14:30" }),
    ).toEqual({ ...SETTINGS, cutOff: "14:30", moveIn: { perDay: 0, min: "2.00", max: "100.50" } });
  });

  it("names the settings that changed, amounts compared as amounts", () => {
    expect(limitChanges(SETTINGS, { ...SETTINGS, moveIn: { ...SETTINGS.moveIn, min: "1" } })).toEqual([]);
    expect(
      limitChanges(SETTINGS, {
        cutOff: "16:00",
        moveIn: { ...SETTINGS.moveIn, perDay: 3 },
        moveOut: { ...SETTINGS.moveOut, max: "100.00" },
      }),
    ).toEqual(["cutOff", "moveIn.perDay", "moveOut.max"]);
  });

  it("wants amounts above zero, each minimum not above its maximum", () => {
    expect(isLimitAmountInput("0.01")).toBe(true);
    expect(isLimitAmountInput("0")).toBe(false);
    expect(isLimitAmountInput("1.234")).toBe(false);
    expect(isLimitAmountInput(undefined)).toBe(false);
    expect(minNotAboveMax("100", "100.00")).toBe(true);
    expect(minNotAboveMax("100.01", "100")).toBe(false);
    // A malformed amount is its own field's error, not this one's.
    expect(minNotAboveMax("abc", "100")).toBe(true);
  });
});
