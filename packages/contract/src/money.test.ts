import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, fromMinor, isMoneyString, lessThanMoney, maxMoney, sumMinor, toMinor } from "./money";
import { boundedMoneyString, moneyString, positiveMoneyString } from "./money-schema";

const BAD_AMOUNTS = [
  "1.234",
  "1e5",
  "",
  " 1",
  "1 ",
  "1,00",
  "NaN",
  "Infinity",
  "0x10",
  "+1",
  "1.",
  ".5",
  "-",
  "--1",
  "1-",
  "１２",
  "12345678901234567", // 17 whole digits: beyond the 16 the wire allows
  "1.2.3",
  "٣", // Arabic-Indic digit: \d must stay ASCII-only
];

describe("toMinor", () => {
  it.each([
    ["1234.50", 123450n],
    ["1234.5", 123450n],
    ["0.5", 50n],
    ["0.05", 5n],
    ["0.01", 1n],
    ["-3", -300n],
    ["-0.01", -1n],
    ["007.10", 710n],
    ["0", 0n],
    ["-0", 0n],
    ["9999999999999999.99", 999999999999999999n],
    ["-9999999999999999.99", -999999999999999999n],
  ])("%s → %s", (text, minor) => {
    expect(toMinor(text)).toBe(minor);
  });

  it.each(BAD_AMOUNTS)("rejects %j", (text) => {
    expect(() => toMinor(text)).toThrow(RangeError);
    expect(isMoneyString(text)).toBe(false);
  });

  it("treats -0 as zero", () => {
    expect(toMinor("-0.00") === 0n).toBe(true);
    expect(fromMinor(toMinor("-0.00"))).toBe("0.00");
  });
});

describe("fromMinor", () => {
  it.each([
    [123450n, "1234.50"],
    [50n, "0.50"],
    [5n, "0.05"],
    [0n, "0.00"],
    [-1n, "-0.01"],
    [-300n, "-3.00"],
    [100n, "1.00"],
    [999999999999999999n, "9999999999999999.99"],
  ])("%s → %s", (minor, text) => {
    expect(fromMinor(minor)).toBe(text);
  });
});

describe("round trips", () => {
  const LIMIT = 10n ** 17n;
  const minorAmount = fc.bigInt({ min: -LIMIT, max: LIMIT });

  it("toMinor(fromMinor(n)) === n for any bigint within ±10^17", () => {
    fc.assert(
      fc.property(minorAmount, (n) => {
        const text = fromMinor(n);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(isMoneyString(text)).toBe(true);
        expect(toMinor(text)).toBe(n);
      }),
    );
  });

  it("fromMinor(toMinor(s)) is the canonical two-decimal form of any valid string", () => {
    const wire = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^\d{1,16}$/),
        fc.oneof(fc.constant(""), fc.stringMatching(/^\d{1,2}$/)),
      )
      .map(([neg, whole, fraction]) => `${neg ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`);
    fc.assert(
      fc.property(wire, (s) => {
        const canonical = fromMinor(toMinor(s));
        // Same value, re-read exactly.
        expect(toMinor(canonical)).toBe(toMinor(s));
        // Canonical form is a fixed point.
        expect(fromMinor(toMinor(canonical))).toBe(canonical);
        // Agrees with an independent computation on the digits.
        const [, sign, whole, fraction = ""] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s) ?? [];
        const expected = BigInt(`${whole}${fraction.padEnd(2, "0")}`) * (sign ? -1n : 1n);
        expect(toMinor(s)).toBe(expected);
      }),
    );
  });
});

describe("sumMinor", () => {
  it("adds exactly", () => {
    expect(sumMinor([])).toBe(0n);
    expect(sumMinor([1n, 2n, -3n])).toBe(0n);
    expect(sumMinor([999999999999999999n, 1n])).toBe(1000000000000000000n);
  });
});

describe("lessThanMoney", () => {
  it("compares exactly", () => {
    expect(lessThanMoney("0.29", "0.3")).toBe(true);
    expect(lessThanMoney("10", "10.00")).toBe(false);
  });
});

describe("maxMoney", () => {
  it.each([
    ["999999", "1234567.00", "1234567.00"],
    ["999999", "999998.99", "999999"],
    ["999999", "-5", "999999"],
    ["-0.01", "-0.02", "-0.01"],
    ["9007199254740992", "9007199254740993", "9007199254740993"],
    ["9999999999999999.98", "9999999999999999.99", "9999999999999999.99"],
  ])("of %j and %j is %j", (a, b, larger) => {
    expect(maxMoney(a, b)).toBe(larger);
    expect(maxMoney(b, a)).toBe(larger);
  });

  it("keeps the first amount as written when both are equal", () => {
    expect(maxMoney("10.5", "10.50")).toBe("10.5");
    expect(maxMoney("10.50", "10.5")).toBe("10.50");
    expect(maxMoney("0", "-0.00")).toBe("0");
  });

  it("is one of the two and no smaller than either", () => {
    const wire = fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }).map(fromMinor);
    fc.assert(
      fc.property(wire, wire, (a, b) => {
        const larger = maxMoney(a, b);
        expect([a, b]).toContain(larger);
        expect(toMinor(larger) >= toMinor(a) && toMinor(larger) >= toMinor(b)).toBe(true);
      }),
    );
  });

  it("refuses input that is not a wire amount", () => {
    expect(() => maxMoney("1e3", "5")).toThrow(RangeError);
    expect(() => maxMoney("5", "12345678901234567")).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  const reference = (locale: string, value: number, signed = false) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? "exceptZero" : "auto",
    }).format(value);

  it("formats in English and German with their separators", () => {
    expect(formatMoney("1234.5", "en")).toBe("1,234.50");
    expect(formatMoney("1234.50", "de")).toBe("1.234,50");
    expect(formatMoney(123450n, "en")).toBe("1,234.50");
    expect(formatMoney("0", "en")).toBe("0.00");
    expect(formatMoney("-3", "en")).toBe("-3.00");
  });

  it("uses the narrow no-break space that Intl uses for French grouping", () => {
    const text = formatMoney("1234.5", "fr");
    expect(text).toBe(reference("fr", 1234.5));
    expect(text).toBe("1\u202f234,50");
  });

  it.each(["en", "de", "fr", "zh-CN", "zh-TW", "ja", "ko", "th", "vi", "id"])(
    "matches Intl for safe values in %s",
    (locale) => {
      for (const [text, value] of [
        ["1234.5", 1234.5],
        ["0.05", 0.05],
        ["-98765.43", -98765.43],
        ["1000000", 1000000],
      ] as const) {
        expect(formatMoney(text, locale)).toBe(reference(locale, value));
        expect(formatMoney(toMinor(text), locale)).toBe(reference(locale, value));
      }
    },
  );

  it("does not lose digits on amounts beyond float precision", () => {
    expect(formatMoney("9999999999999999.99", "en")).toBe("9,999,999,999,999,999.99");
    expect(formatMoney(999999999999999999n, "en")).toBe("9,999,999,999,999,999.99");
    expect(formatMoney("-9007199254740993.01", "en")).toBe("-9,007,199,254,740,993.01");
    expect(formatMoney("1234567890123456.78", "de")).toBe("1.234.567.890.123.456,78");
  });

  it("matches exact digits for any amount within ±10^17 minor units", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (n) => {
        const digitsOnly = formatMoney(n, "en").replace(/[,]/g, "");
        expect(digitsOnly).toBe(fromMinor(n));
      }),
    );
  });

  it("shows a sign on both sides of zero when signed", () => {
    expect(formatMoney("12", "en", { signed: true })).toBe("+12.00");
    expect(formatMoney("-12", "en", { signed: true })).toBe("-12.00");
    expect(formatMoney("0", "en", { signed: true })).toBe("0.00");
    expect(formatMoney("-0.00", "en", { signed: true })).toBe("0.00");
    expect(formatMoney("1234.5", "de", { signed: true })).toBe(reference("de", 1234.5, true));
    expect(formatMoney("12", "en")).toBe("12.00");
  });

  it("refuses input that is not a wire amount", () => {
    expect(() => formatMoney("1.234", "en")).toThrow(RangeError);
    expect(() => formatMoney("abc", "en")).toThrow(RangeError);
  });
});

describe("zod schemas", () => {
  it("moneyString accepts wire amounts and rejects everything else", () => {
    for (const ok of ["0", "1234.50", "-3", "0.5", "007.10", "9999999999999999.99"]) {
      expect(moneyString.safeParse(ok).success).toBe(true);
    }
    for (const bad of BAD_AMOUNTS) {
      const result = moneyString.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("AMOUNT_INVALID");
    }
    expect(moneyString.safeParse(1234.5).success).toBe(false);
    expect(moneyString.safeParse(123450n).success).toBe(false);
  });

  it("positiveMoneyString accepts only amounts above zero", () => {
    for (const ok of ["0.01", "1", "1234.50", "9999999999999999.99"]) {
      expect(positiveMoneyString.safeParse(ok).success).toBe(true);
    }
    for (const bad of ["0", "0.00", "-0", "-0.01", "-5"]) {
      expect(positiveMoneyString.safeParse(bad).success).toBe(false);
    }
  });

  it("positiveMoneyString reports, rather than throws, on malformed strings", () => {
    for (const bad of BAD_AMOUNTS) {
      const result = positiveMoneyString.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.every((issue) => issue.message === "AMOUNT_INVALID")).toBe(true);
    }
  });

  it("boundedMoneyString accepts (0, max] and reports malformed input without throwing", () => {
    const upTo100 = boundedMoneyString("100.00");
    expect(upTo100.safeParse("100").success).toBe(true);
    expect(upTo100.safeParse("0.01").success).toBe(true);
    expect(upTo100.safeParse("100.01").success).toBe(false);
    expect(upTo100.safeParse("0").success).toBe(false);
    for (const bad of BAD_AMOUNTS) expect(upTo100.safeParse(bad).success).toBe(false);
    expect(() => boundedMoneyString("1e3")).toThrow(RangeError);
  });
});

describe("rates in basis points", () => {
  it("pays a win stake × (1 + rate), rounded down to the minor unit", async () => {
    const { winPayout } = await import("./money");
    expect(winPayout(1_000n, 8_500)).toBe(1_850n);
    expect(winPayout(333n, 8_500)).toBe(616n); // 616.05 → 616
    expect(winPayout(1n, 9_999)).toBe(1n);
    expect(winPayout(10n ** 17n, 9_200)).toBe(192n * 10n ** 15n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 20_000 }),
        (stake, rate) => {
          const paid = winPayout(stake, rate);
          expect(paid * 10_000n <= stake * BigInt(10_000 + rate)).toBe(true);
          expect((paid + 1n) * 10_000n > stake * BigInt(10_000 + rate)).toBe(true);
        },
      ),
    );
    expect(() => winPayout(1n, 0.5)).toThrow(RangeError);
  });

  it("charges a withdrawal fee of a fixed part plus a rate, rounded down", async () => {
    const { withdrawalFee } = await import("./money");
    expect(withdrawalFee(20_000n, 100n, 50)).toBe(200n);
    expect(withdrawalFee(19_999n, 0n, 50)).toBe(99n);
    expect(withdrawalFee(5n, 0n, 0)).toBe(0n);
    expect(() => withdrawalFee(5n, 0n, -1)).toThrow(RangeError);
  });
});
