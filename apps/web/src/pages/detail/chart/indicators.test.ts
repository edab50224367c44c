import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bollinger, ema, type Line, macd, rsi, sma } from "./indicators";

/** Compares lines to 9 decimal places, nulls exactly. */
function expectLine(actual: Line, expected: Line) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => {
    const want = expected[i];
    if (want === null || want === undefined) expect(value, `index ${i}`).toBeNull();
    else expect(value, `index ${i}`).toBeCloseTo(want, 9);
  });
}

describe("indicators against values worked out by hand", () => {
  it("SMA: the mean of the last n closes", () => {
    expectLine(sma([1, 2, 3, 4, 5], 3), [null, null, 2, 3, 4]);
    expectLine(sma([4, 8], 3), [null, null]);
  });

  it("EMA: starts at the first n closes' mean, then α = 2/(n+1)", () => {
    // n = 2, α = 2/3: (2+4)/2 = 3; 2/3·6 + 1/3·3 = 5; 2/3·8 + 1/3·5 = 7; 2/3·4 + 1/3·7 = 5.
    expectLine(ema([2, 4, 6, 8, 4], 2), [null, 3, 5, 7, 5]);
  });

  it("BOLL: the mean ± k population standard deviations", () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, variance (9+1+1+1+0+0+4+16)/8 = 4, deviation 2.
    const bands = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expectLine(bands.middle, [null, null, null, null, null, null, null, 5]);
    expectLine(bands.upper, [null, null, null, null, null, null, null, 9]);
    expectLine(bands.lower, [null, null, null, null, null, null, null, 1]);
  });

  it("MACD: DIF = EMA(fast) − EMA(slow), DEA = EMA(signal) of DIF, bars DIF − DEA", () => {
    // Closes 1, 3, 2, 6, 4, 8 with fast 2, slow 3, signal 2:
    // EMA2 = –, 2, 2, 14/3, 38/9, 182/27; EMA3 = –, –, 2, 4, 4, 6;
    // DIF = –, –, 0, 2/3, 2/9, 20/27; DEA = –, –, –, 1/3, 7/27, 47/81.
    const result = macd([1, 3, 2, 6, 4, 8], 2, 3, 2);
    expectLine(result.macd, [null, null, 0, 2 / 3, 2 / 9, 20 / 27]);
    expectLine(result.signal, [null, null, null, 1 / 3, 7 / 27, 47 / 81]);
    expectLine(result.histogram, [null, null, null, 1 / 3, -1 / 27, 13 / 81]);
  });

  it("RSI: Wilder's averages of gains and losses", () => {
    // Changes +1, +1, −1, +2, −1 with n = 3: gains/losses 2/3 & 1/3 → RS 2; 10/9 & 2/9 → RS 5;
    // 20/27 & 13/27 → RS 20/13.
    expectLine(rsi([10, 11, 12, 11, 13, 12], 3), [null, null, null, 200 / 3, 250 / 3, 2000 / 33]);
    expectLine(rsi([5, 5, 5, 5], 3), [null, null, null, 50]);
    expectLine(rsi([], 3), []);
  });
});

const closes = fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true }), { minLength: 0, maxLength: 80 });
const period = fc.integer({ min: 1, max: 30 });

describe("indicators' arithmetic rules hold for any closes", () => {
  it("keep one value per close, null until the window is full", () => {
    fc.assert(
      fc.property(closes, period, (values, n) => {
        for (const line of [
          sma(values, n),
          ema(values, n),
          rsi(values, n),
          ...Object.values(bollinger(values, n)),
        ]) {
          expect(line).toHaveLength(values.length);
        }
        expect(sma(values, n).filter((v) => v === null)).toHaveLength(Math.min(n - 1, values.length));
        expect(ema(values, n).filter((v) => v === null)).toHaveLength(Math.min(n - 1, values.length));
      }),
    );
  });

  it("stay within the closes' range (averages), and RSI within 0..100", () => {
    fc.assert(
      fc.property(closes, period, (values, n) => {
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        for (const v of [...sma(values, n), ...ema(values, n)]) {
          if (v === null) continue;
          // A running sum carries rounding of the order of the largest close's last digits.
          expect(v).toBeGreaterThanOrEqual(lo - hi * 1e-12);
          expect(v).toBeLessThanOrEqual(hi * (1 + 1e-12));
        }
        for (const v of rsi(values, n)) if (v !== null) expect(v >= 0 && v <= 100).toBe(true);
      }),
    );
  });

  it("Bollinger bands are symmetric around their middle, MACD's bars are DIF − DEA", () => {
    fc.assert(
      fc.property(closes, period, (values, n) => {
        const { upper, middle, lower } = bollinger(values, n);
        middle.forEach((m, i) => {
          if (m === null) return;
          const u = upper[i] as number;
          const l = lower[i] as number;
          expect(u).toBeGreaterThanOrEqual(m);
          expect(u - m).toBeCloseTo(m - l, 6);
        });
        const result = macd(values, 3, 5, 2);
        result.histogram.forEach((h, i) => {
          if (h !== null) expect(h).toBeCloseTo((result.macd[i] as number) - (result.signal[i] as number), 9);
        });
      }),
    );
  });

  it("a flat series has flat averages, bands of no width and an RSI of 50; a rising one an RSI of 100", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 60 }),
        period,
        (price, length, n) => {
          const flat = Array.from({ length }, () => price);
          for (const v of [...sma(flat, n), ...ema(flat, n)]) if (v !== null) expect(v).toBeCloseTo(price, 6);
          const { upper, lower } = bollinger(flat, n);
          upper.forEach((u, i) => {
            if (u !== null) expect(u - (lower[i] as number)).toBeCloseTo(0, 6);
          });
          for (const v of rsi(flat, n)) if (v !== null) expect(v).toBe(50);
          const rising = flat.map((p, i) => p + i);
          for (const v of rsi(rising, n)) if (v !== null) expect(v).toBe(100);
        },
      ),
    );
  });
});
