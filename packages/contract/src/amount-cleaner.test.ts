import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanAmount, DEFAULT_MAX_AMOUNT } from "./amount-cleaner";
import { fromMinor, maxMoney, toMinor } from "./money";

/** The three states a user passes through while typing towards a value below 1. */
const TYPING = new Set(["", "0", "0.", "0.0"]);

/** A capped result: the cap as a person types it, without trailing zeros after the point. */
const TYPED_CAP = /^(0|[1-9]\d*)(\.\d?[1-9])?$/;

/** Strings rich in the characters the cleaner cares about, plus noise, and some longer than any amount. */
const amountish = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(..."0123456789.", "a", "-", " ", ",", "e", "+", "１", "٣", "€") }),
  fc.string({ unit: fc.constantFrom(..."0000123456789..") }),
  fc.string({ unit: fc.constantFrom(..."0123456789."), minLength: 15, maxLength: 40 }),
);

/**
 * Caps of at least 1 as the pages pass them: whole ("999999"), with two decimals ("5000.00",
 * "1234.50") or one ("1234.5"), up to the widest amount the wire allows.
 */
const maxAmount = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 16n - 1n }).map(String),
  fc.bigInt({ min: 100n, max: 10n ** 18n - 1n }).map(fromMinor),
  fc.bigInt({ min: 10n, max: 10n ** 17n - 1n }).map((tenths) => `${tenths / 10n}.${tenths % 10n}`),
);

/** The value of a cleaned amount, which may still end in a point while being typed. */
const minorOf = (amount: string) => toMinor(amount.replace(/\.$/, ""));

/** Simulates a text field that runs the cleaner after every keystroke. */
function typeInto(keys: string, max?: string): string {
  let value = "";
  for (const key of keys) value = cleanAmount(value + key, max);
  return value;
}

describe("cleanAmount examples", () => {
  it("uses the specification's default maximum", () => {
    expect(DEFAULT_MAX_AMOUNT).toBe("999999");
  });

  it.each([
    ["12a.3.4", "12.34"],
    ["abc", ""],
    ["", ""],
    ["1000000", "999999"],
    ["999999", "999999"],
    ["999999.99", "999999"],
    ["999998.99", "999998.99"],
    ["123.456", "123.45"],
    ["1,234.56", "1234.56"],
    ["¥ 88", "88"],
    ["-5", "5"],
    ["1e5", "15"],
    ["0.", "0."],
    ["0.0", "0.0"],
    [".", "0."],
    [".5", "0.5"],
    ["..5", "0.5"],
    ["0.5", "0.5"],
    ["0.05", "0.05"],
    ["00.5", "0.5"],
    ["0", "0"],
    ["000", "0"],
    ["0.00", "1"],
    ["0.001", "1"],
    ["007", "7"],
    ["12.", "12."],
    ["12.3", "12.3"],
    ["12.30", "12.30"],
    ["1000000.", "999999"],
    ["999999.", "999999."],
    ["99999999999999999999999999", "999999"],
    ["99999999999999999999999999.", "999999"],
    ["00000000000000000000000001", "1"],
  ])("%j → %j", (input, output) => {
    expect(cleanAmount(input)).toBe(output);
  });

  it("caps at a custom maximum", () => {
    expect(cleanAmount("150", "100")).toBe("100");
    expect(cleanAmount("100", "100")).toBe("100");
    expect(cleanAmount("100.01", "100")).toBe("100");
    expect(cleanAmount("99.99", "100")).toBe("99.99");
    expect(cleanAmount("101.", "100")).toBe("100");
    expect(cleanAmount("5000", "50000")).toBe("5000");
    expect(cleanAmount("50001", "50000")).toBe("50000");
    expect(cleanAmount("1000000", "5000000")).toBe("1000000");
    expect(cleanAmount("0", "100")).toBe("0");
    expect(cleanAmount("0", "100", { complete: true })).toBe("1");
  });

  it("returns a cap with decimals as a person would type it", () => {
    expect(cleanAmount("50001", "50000.00")).toBe("50000");
    expect(cleanAmount("50000", "50000.00")).toBe("50000");
    expect(cleanAmount("1234.51", "1234.50")).toBe("1234.5");
    expect(cleanAmount("1234.6", "1234.5")).toBe("1234.5");
    expect(cleanAmount("1235.", "1234.5")).toBe("1234.5");
    expect(cleanAmount("1234.57", "1234.56")).toBe("1234.56");
    expect(cleanAmount("2000", "0010.10")).toBe("10.1");
    expect(cleanAmount("2000.", "1234.50", { complete: true })).toBe("1234.5");
  });

  it("keeps an amount at or below a cap with decimals as typed", () => {
    expect(cleanAmount("1234.50", "1234.5")).toBe("1234.50");
    expect(cleanAmount("1234.5", "1234.50")).toBe("1234.5");
    expect(cleanAmount("1234.", "1234.5")).toBe("1234.");
    expect(cleanAmount("1234.56", "1234.56")).toBe("1234.56");
  });

  it("compares exactly where a float could not", () => {
    expect(cleanAmount("9007199254740993", "9007199254740992")).toBe("9007199254740992");
    expect(cleanAmount("9999999999999999.99", "9999999999999999.98")).toBe("9999999999999999.98");
    expect(cleanAmount("9999999999999999.99", "9999999999999999.99")).toBe("9999999999999999.99");
    expect(cleanAmount("12345678901234567", "9999999999999999.99")).toBe("9999999999999999.99");
    expect(cleanAmount("10000000000000000.", "9999999999999999")).toBe("9999999999999999");
  });

  it("refuses a cap that is not a money string", () => {
    expect(() => cleanAmount("5", "1e3")).toThrow(RangeError);
  });

  it("lets a user type a value below 1 key by key", () => {
    expect(typeInto("0.5")).toBe("0.5");
    expect(typeInto("0.05")).toBe("0.05");
    expect(typeInto(".5")).toBe("0.5");
    expect(typeInto(".05")).toBe("0.05");
    expect(typeInto(".00")).toBe("1");
  });

  it("keeps up with ordinary typing", () => {
    expect(typeInto("1234.567")).toBe("1234.56");
    expect(typeInto("12.3.4")).toBe("12.34");
    expect(typeInto("9999999")).toBe("999999");
    expect(typeInto("150", "100")).toBe("100");
    expect(typeInto("1234.59", "1234.50")).toBe("1234.5");
  });
});

describe("cleanAmount on completion", () => {
  it.each([
    ["0", "1"],
    ["0.", "1"],
    ["0.0", "1"],
    ["0.00", "1"],
    ["", ""],
    ["12.", "12"],
    ["12.5", "12.5"],
    ["1000000", "999999"],
  ])("%j → %j", (input, output) => {
    expect(cleanAmount(input, DEFAULT_MAX_AMOUNT, { complete: true })).toBe(output);
  });

  it("always yields a positive amount within the maximum, or nothing", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const out = cleanAmount(input, max, { complete: true });
        if (out !== "") {
          expect(out).toMatch(/^(0|[1-9]\d*)(\.\d{1,2})?$/);
          expect(toMinor(out)).toBeGreaterThan(0n);
          expect(toMinor(out)).toBeLessThanOrEqual(toMinor(max));
        }
      }),
    );
  });
});

describe("cleanAmount properties", () => {
  it("outputs only digits and at most one point, with at most two decimals and no leading zeros", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const out = cleanAmount(input, max);
        expect(out).toMatch(/^((0|[1-9]\d*)(\.\d{0,2})?)?$/);
      }),
    );
  });

  it("is empty exactly when the input holds no digit and no point", () => {
    fc.assert(
      fc.property(amountish, (input) => {
        expect(cleanAmount(input) === "").toBe(!/[0-9.]/.test(input));
      }),
    );
  });

  it("is a typing state or a value in (0, max]", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const out = cleanAmount(input, max);
        if (TYPING.has(out)) return;
        const value = minorOf(out);
        expect(value).toBeGreaterThan(0n);
        expect(value).toBeLessThanOrEqual(toMinor(max));
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(amountish, fc.option(maxAmount, { nil: undefined }), (input, max) => {
        const once = cleanAmount(input, max);
        expect(cleanAmount(once, max)).toBe(once);
      }),
    );
  });

  it("ignores characters other than digits and the point", () => {
    const noise = fc.string({ unit: fc.constantFrom("a", "-", " ", ",", "e", "+", "$", "１", "\n") });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(..."0123456789."), noise)), (pairs) => {
        const clean = pairs.map(([c]) => c).join("");
        const noisy = pairs.map(([c, n]) => c + n).join("");
        expect(cleanAmount(noisy)).toBe(cleanAmount(clean));
      }),
    );
  });

  it("leaves an already valid amount within the maximum unchanged", () => {
    const valid = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }),
        fc.oneof(fc.constant(""), fc.stringMatching(/^\.\d{1,2}$/)),
      )
      .map(([whole, fraction]) => `${whole}${fraction}`)
      .filter((amount) => toMinor(amount) > 0n);
    fc.assert(
      fc.property(valid, maxAmount, (amount, cap) => {
        // The larger of the two keeps the amount within the cap, sometimes equal to it.
        expect(cleanAmount(amount, maxMoney(amount, cap))).toBe(amount);
      }),
    );
  });

  it("keeps the value of the first point and two decimals when neither zero nor over the maximum", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const kept = input.replace(/[^0-9.]/g, "");
        const dot = kept.indexOf(".");
        const whole = dot === -1 ? kept : kept.slice(0, dot);
        const fraction =
          dot === -1
            ? ""
            : kept
                .slice(dot + 1)
                .replace(/\./g, "")
                .slice(0, 2);
        const expected = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
        const out = cleanAmount(input, max);
        if (kept === "") expect(out).toBe("");
        else if (expected > toMinor(max)) {
          expect(out).toMatch(TYPED_CAP);
          expect(toMinor(out)).toBe(toMinor(max));
        } else if (expected > 0n) expect(minorOf(out)).toBe(expected);
        else expect(["0", "0.", "0.0", "1"]).toContain(out);
      }),
    );
  });
});
