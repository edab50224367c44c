import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanAmount, DEFAULT_MAX_AMOUNT } from "./amount-cleaner";

/** The three states a user passes through while typing towards a value below 1. */
const TYPING = new Set(["", "0", "0.", "0.0"]);

/** Strings rich in the characters the cleaner cares about, plus noise. */
const amountish = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(..."0123456789.", "a", "-", " ", ",", "e", "+", "１", "٣", "€") }),
  fc.string({ unit: fc.constantFrom(..."0000123456789..") }),
);
const maxAmount = fc.integer({ min: 1, max: 10_000_000 });

/** Simulates a text field that runs the cleaner after every keystroke. */
function typeInto(keys: string, max?: number): string {
  let value = "";
  for (const key of keys) value = cleanAmount(value + key, max);
  return value;
}

describe("cleanAmount examples", () => {
  it("uses the specification's default maximum", () => {
    expect(DEFAULT_MAX_AMOUNT).toBe(999999);
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
    ["99999999999999999999999999", "999999"],
  ])("%j → %j", (input, output) => {
    expect(cleanAmount(input)).toBe(output);
  });

  it("caps at a custom maximum", () => {
    expect(cleanAmount("150", 100)).toBe("100");
    expect(cleanAmount("100", 100)).toBe("100");
    expect(cleanAmount("100.01", 100)).toBe("100");
    expect(cleanAmount("99.99", 100)).toBe("99.99");
    expect(cleanAmount("101.", 100)).toBe("100");
    expect(cleanAmount("5000", 50000)).toBe("5000");
    expect(cleanAmount("50001", 50000)).toBe("50000");
    expect(cleanAmount("1000000", 5_000_000)).toBe("1000000");
    expect(cleanAmount("0", 100)).toBe("0");
    expect(cleanAmount("0", 100, { complete: true })).toBe("1");
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
    expect(typeInto("150", 100)).toBe("100");
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
          expect(Number(out)).toBeGreaterThan(0);
          expect(Number(out)).toBeLessThanOrEqual(Math.max(max, 1));
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
        const value = Number(out);
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThanOrEqual(max);
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
      .tuple(fc.integer({ min: 0, max: 999998 }), fc.oneof(fc.constant(""), fc.stringMatching(/^\.\d{1,2}$/)))
      .map(([whole, fraction]) => `${whole}${fraction}`)
      .filter((s) => Number(s) > 0);
    fc.assert(
      fc.property(valid, (amount) => {
        expect(cleanAmount(amount)).toBe(amount);
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
        const expected = Number(`${whole || "0"}.${fraction || "0"}`);
        const out = cleanAmount(input, max);
        if (kept === "") expect(out).toBe("");
        else if (expected > max) expect(out).toBe(String(max));
        else if (expected > 0) expect(Number(out)).toBe(expected);
        else expect(["0", "0.", "0.0", "1"]).toContain(out);
      }),
    );
  });
});
