import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatPercent, rateOn, recordAmount, savingsExample } from "./savings-format";

describe("savings formatting", () => {
  it("shows rates with two to four decimals and yields with a fixed number, in the locale's style", () => {
    expect(formatPercent("2.35", "en")).toBe("2.35%");
    expect(formatPercent("2.3456", "en")).toBe("2.3456%");
    expect(formatPercent("2", "en")).toBe("2.00%");
    expect(formatPercent("2.346", "en", 3)).toBe("2.346%");
    expect(formatPercent("2.35", "de")).toBe("2,35\u00a0%");
    expect(formatPercent("abc", "en")).toBe("abc%");
  });

  it("shows a calendar date on its own day whatever the time zone", () => {
    expect(formatCalendarDate("2026-11-25", "en")).toBe("Nov 25, 2026");
    expect(formatCalendarDate("2026-11-25", "en", true)).toBe("Nov 25");
    expect(formatCalendarDate("2026-01-01", "zh-CN")).toBe("2026年1月1日");
    expect(formatCalendarDate("nonsense", "en")).toBe("nonsense");
  });

  it("signs a record's amount by what it does to the shares", () => {
    expect(recordAmount({ type: "in", amount: "100.00" })).toEqual({ amount: "100.00", signed: true });
    expect(recordAmount({ type: "income", amount: "0.64" })).toEqual({ amount: "0.64", signed: true });
    expect(recordAmount({ type: "out", amount: "50.00" })).toEqual({ amount: "-50.00", signed: true });
    // Whether the server sends a move out negative or not.
    expect(recordAmount({ type: "out", amount: "-50.00" })).toEqual({ amount: "-50.00", signed: true });
    expect(recordAmount({ type: "confirmation", amount: "100.00" })).toEqual({
      amount: "100.00",
      signed: false,
    });
  });

  it("takes the upcoming rate from its first day on", () => {
    const rate = { annualRate: "2.35", effectiveFrom: "2026-01-01" };
    const upcoming = { annualRate: "2.50", effectiveFrom: "2026-11-26" };
    expect(rateOn("2026-11-25", rate, upcoming)).toBe(rate);
    expect(rateOn("2026-11-26", rate, upcoming)).toBe(upcoming);
    expect(rateOn("2026-11-26", rate, null)).toBe(rate);
  });

  it("works the example: before the cut-off it confirms the next day and is credited the day after", () => {
    const rate = { annualRate: "2.35", effectiveFrom: "2026-01-01" };
    const example = savingsExample("2026-11-24", "15:00", rate, null);
    expect(example).toEqual({
      amount: "10000.00",
      movedOn: "2026-11-24",
      time: "14:00",
      beforeCutOff: true,
      confirmsOn: "2026-11-25",
      annualRate: "2.35",
      // floor(1,000,000 × 23,500 / (1,000,000 × 365)) = floor(64.38…) minor units.
      income: "0.64",
      creditedOn: "2026-11-26",
      perTenThousand: "0.64",
      steadyYield: "2.336",
    });
  });

  it("works the example after the cut-off with the rate of the day it earns for", () => {
    const rate = { annualRate: "2.35", effectiveFrom: "2026-01-01" };
    const upcoming = { annualRate: "3.65", effectiveFrom: "2026-11-26" };
    const example = savingsExample("2026-11-24", "14:00", rate, upcoming);
    expect(example.beforeCutOff).toBe(false);
    expect(example.confirmsOn).toBe("2026-11-26");
    expect(example.creditedOn).toBe("2026-11-27");
    expect(example.annualRate).toBe("3.65");
    expect(example.income).toBe("1.00");
  });
});
