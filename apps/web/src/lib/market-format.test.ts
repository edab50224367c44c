import { describe, expect, it } from "vitest";
import { formatChange, formatPrice, formatReopens, formatVolume } from "./market-format";

describe("market figures", () => {
  it("formats prices exactly at the product's precision, per locale", () => {
    expect(formatPrice("67012.35", 2, "en")).toBe("67,012.35");
    expect(formatPrice("67012.3", 2, "en")).toBe("67,012.30");
    expect(formatPrice("1.08421", 5, "de")).toBe("1,08421");
    // Beyond a double's 15–17 digits: still exact (formatted from the string).
    expect(formatPrice("123456789012.12345678", 8, "en")).toBe("123,456,789,012.12345678");
  });

  it("shows the 24H change with sign and percent", () => {
    for (const [change, locale, shown] of [
      ["1.25", "en", "+1.25%"],
      ["-0.40", "en", "-0.40%"],
      ["0.00", "en", "0.00%"],
    ] as const) {
      expect(formatChange(change, locale), change).toBe(shown);
    }
  });

  it("shows volumes compactly", () => {
    expect(formatVolume("12345.678", "en")).toBe("12.35K");
    expect(formatVolume("12.5", "en")).toBe("12.5");
  });

  it("shows a reopening time briefly", () => {
    const now = new Date("2026-11-21T06:00:00Z");
    expect(formatReopens("2026-11-22T22:00:00Z", "en", now)).toMatch(/^[A-Z][a-z]{2},? \d{2}:\d{2}$/);
  });
});
