import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  annualisedYield,
  annualRateToPpm,
  dailyIncome,
  daysBetween,
  incomePerTenThousand,
  isCalendarDate,
  ppmToAnnualRate,
} from "./savings-math";

const YEAR_PPM = 365n * 1_000_000n;
const shares = fc.bigInt({ min: 0n, max: 2n ** 63n - 1n });
const rate = fc.integer({ min: 0, max: 360_000 });

describe("a day's income", () => {
  it("is floor(shares × rate / 365), exactly, for any balance up to the largest bigint", () => {
    fc.assert(
      fc.property(shares, rate, (s, ppm) => {
        const income = dailyIncome(s, ppm);
        const owed = s * BigInt(ppm);
        expect(income * YEAR_PPM <= owed).toBe(true);
        expect((income + 1n) * YEAR_PPM > owed).toBe(true);
      }),
    );
  });

  it("is nothing on no shares or a zero rate, and never more for fewer shares", () => {
    fc.assert(
      fc.property(shares, shares, rate, (a, b, ppm) => {
        expect(dailyIncome(0n, ppm)).toBe(0n);
        expect(dailyIncome(a, 0)).toBe(0n);
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(dailyIncome(low, ppm) <= dailyIncome(high, ppm)).toBe(true);
      }),
    );
  });

  it("pays nothing below the smallest share that earns a minor unit, and one unit at it", () => {
    // At 2 %, 18,250 minor units (182.50) earn one minor unit a day; 18,249 earn nothing.
    expect(dailyIncome(18_249n, 20_000)).toBe(0n);
    expect(dailyIncome(18_250n, 20_000)).toBe(1n);
    expect(dailyIncome(1_000_000n, 20_000)).toBe(54n);
  });

  it("per 10,000 shares is what 10,000.00 earn that day", () => {
    fc.assert(
      fc.property(rate, (ppm) => {
        expect(incomePerTenThousand(ppm)).toBe(dailyIncome(1_000_000n, ppm));
      }),
    );
    expect(incomePerTenThousand(23_500)).toBe(64n);
  });
});

describe("the annualised yield", () => {
  it("is (Σ income per 10,000 / 10000) × 365 / days, in percent rounded half up to three decimals", () => {
    expect(annualisedYield(Array(7).fill(54n))).toBe("1.971");
    expect(annualisedYield([54n, 54n, 54n, 54n, 54n, 54n, 64n])).toBe("2.023");
    expect(annualisedYield([])).toBe("0.000");
    expect(annualisedYield(Array(7).fill(0n))).toBe("0.000");
  });

  it("is within rounding of the exact figure for any week", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 100_000n }), { minLength: 1, maxLength: 7 }), (week) => {
        const sum = Number(week.reduce((a, b) => a + b, 0n));
        const exact = ((sum / 100 / 10_000) * 365 * 100) / week.length;
        expect(Math.abs(Number(annualisedYield(week)) - exact)).toBeLessThanOrEqual(0.0005 + 1e-9);
      }),
    );
  });

  it("for a steady rate stays at or under it (each day's income is floored)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 360_000 }), (ppm) => {
        const yieldPercent = Number(annualisedYield(Array(7).fill(incomePerTenThousand(ppm))));
        // The rounded figure may be half a unit of its last decimal over, exactly: compared in binary
        // floating point, as the sibling property does, with room for the sum's representation error.
        expect(yieldPercent).toBeLessThanOrEqual(ppm / 10_000 + 0.0005 + 1e-9);
      }),
    );
  });
});

describe("rates as typed", () => {
  it("read and write back in percent with two to four decimals", () => {
    expect(annualRateToPpm("2.35")).toBe(23_500);
    expect(annualRateToPpm("0.0001")).toBe(1);
    expect(annualRateToPpm("36")).toBe(360_000);
    expect(ppmToAnnualRate(23_500)).toBe("2.35");
    expect(ppmToAnnualRate(23_450)).toBe("2.345");
    expect(ppmToAnnualRate(1)).toBe("0.0001");
    expect(ppmToAnnualRate(0)).toBe("0.00");
    fc.assert(
      fc.property(rate, (ppm) => {
        expect(annualRateToPpm(ppmToAnnualRate(ppm))).toBe(ppm);
      }),
    );
  });

  it("refuse what is not a rate", () => {
    for (const bad of ["", "2,35", "-1", "2.35001", "100", "abc", "2."])
      expect(() => annualRateToPpm(bad)).toThrow();
  });
});

describe("calendar days", () => {
  it("cross month ends and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
  });

  it("move and count alike for any date and any distance", () => {
    const date = fc
      .date({ min: new Date("1971-01-01"), max: new Date("2199-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (day, n) => {
        const moved = addDays(day, n);
        expect(isCalendarDate(moved)).toBe(true);
        expect(daysBetween(day, moved)).toBe(n);
      }),
    );
  });

  it("know which names are days", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00:00Z"])
      expect(isCalendarDate(bad)).toBe(false);
  });
});
