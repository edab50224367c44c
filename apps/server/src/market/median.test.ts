import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { medianPrice, truncatedQuantity } from "./median";

describe("median price", () => {
  it("takes the middle price of an odd count, rounded half up once at the product's precision", () => {
    expect(medianPrice(["67012.35", "67010.10", "90000.00"], 2)).toBe(6701235n);
    expect(medianPrice(["67012.35500000", "67012.30", "67013"], 2)).toBe(6701236n);
    expect(medianPrice(["67012.35499999", "1", "99999"], 2)).toBe(6701235n);
  });

  it("means the middle two of an even count, rounding the half up", () => {
    expect(medianPrice(["100.01", "100.02"], 2)).toBe(10002n);
    expect(medianPrice(["100.01", "100.04"], 2)).toBe(10003n);
    expect(medianPrice(["1.5", "2"], 0)).toBe(2n);
    expect(medianPrice(["1", "2", "3", "1000"], 1)).toBe(25n);
  });

  it("ignores one wild source of three however far it is off", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (spike) => {
        const spiked = (Number(spike) / 100).toFixed(2);
        const median = medianPrice(["67012.35", "67012.40", spiked], 2);
        expect(median >= 6701235n && median <= 6701240n).toBe(true);
      }),
    );
  });

  it("equals the float median where floats are exact, whatever the order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 9 }),
        (cents) => {
          const sorted = [...cents].sort((a, b) => a - b);
          const m = Math.floor(sorted.length / 2);
          const twice = sorted.length % 2 ? 2 * (sorted[m] ?? 0) : (sorted[m - 1] ?? 0) + (sorted[m] ?? 0);
          const prices = cents.map((c) => (c / 100).toFixed(2));
          expect(medianPrice(prices, 2)).toBe(BigInt(Math.floor((twice + 1) / 2)));
        },
      ),
    );
  });

  it("truncates quantities to the volume precision", () => {
    expect(truncatedQuantity("0.12060306", 4)).toBe(1206n);
    expect(truncatedQuantity("3", 2)).toBe(300n);
  });
});
