import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AmountBounds,
  amountProblem,
  cleanAmount,
  DEFAULT_MAX_AMOUNT,
  isPositiveAmount,
} from "./amount-cleaner";
import { MAX_MONEY_LIMIT } from "./limit-rules";
import { fromMinor, isMoneyString, maxMoney, toMinor } from "./money";

/** A capped result: the cap as a person types it, without trailing zeros after the point. */
const TYPED_CAP = /^(0|[1-9]\d*)(\.\d?[1-9])?$/;

/** Strings rich in the characters the cleaner cares about, plus noise, and some longer than any amount. */
const amountish = fc.oneof(
  fc.string(),
  fc.string({
    unit: fc.constantFrom(..."0123456789.", "a", "-", " ", ",", "e", "+", "１", "٣", "€", "−", "－"),
  }),
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

/** Minus signs a keyboard may send. */
const MINUS_SIGNS = "-−－";

/**
 * What the user typed, read independently of the cleaner: negative when the first of the characters
 * that make an amount is a minus; the digits before the first point and two after it.
 */
function typedValue(input: string): { negative: boolean; minor: bigint } | null {
  const first = [...input].find((c) => /[0-9.]/.test(c) || MINUS_SIGNS.includes(c));
  const kept = input.replace(/[^0-9.]/g, "");
  if (kept === "") return null;
  const dot = kept.indexOf(".");
  const whole = dot === -1 ? kept : kept.slice(0, dot);
  const fraction =
    dot === -1
      ? ""
      : kept
          .slice(dot + 1)
          .replace(/\./g, "")
          .slice(0, 2);
  const minor = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  return { negative: first !== undefined && MINUS_SIGNS.includes(first), minor };
}

/** Simulates a text field that runs the cleaner after every keystroke. */
function typeInto(keys: string, max?: string): string {
  let value = "";
  for (const key of keys) value = cleanAmount(value + key, max);
  return value;
}

/** Each of `cases` maps what is typed to what the cleaner makes of it under the cap `max`. */
function expectCapped(max: string, cases: Record<string, string>, options?: { complete: boolean }) {
  for (const [input, output] of Object.entries(cases)) {
    expect(cleanAmount(input, max, options), `${input} capped at ${max}`).toBe(output);
  }
}

/** Each of `cases` maps the keys typed to what the field shows after them, under the cap `max` if given. */
function expectTyped(cases: Record<string, string>, max?: string) {
  for (const [keys, shown] of Object.entries(cases)) expect(typeInto(keys, max), keys).toBe(shown);
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
    ["-5", "-5"],
    ["-1", "-1"],
    ["−12.5", "-12.5"],
    ["－3", "-3"],
    ["¥ -88", "-88"],
    ["-", "-"],
    ["-0", "-0"],
    ["-.5", "-0.5"],
    ["5-", "5"],
    ["1-2", "12"],
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
    ["0.00", "0.00"],
    ["0.001", "0.00"],
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
    expectCapped("100", {
      "150": "100",
      "100": "100",
      "100.01": "100",
      "99.99": "99.99",
      "101.": "100",
      "0": "0",
      "-150": "-150",
    });
    expectCapped("50000", { "5000": "5000", "50001": "50000" });
    expectCapped("5000000", { "1000000": "1000000" });
    expectCapped("100", { "0": "0", "-150": "-150" }, { complete: true });
  });

  it("returns a cap with decimals as a person would type it", () => {
    expectCapped("50000.00", { "50001": "50000", "50000": "50000" });
    expectCapped("1234.50", { "1234.51": "1234.5" });
    expectCapped("1234.5", { "1234.6": "1234.5", "1235.": "1234.5" });
    expectCapped("1234.56", { "1234.57": "1234.56" });
    expectCapped("0010.10", { "2000": "10.1" });
    expectCapped("1234.50", { "2000.": "1234.5" }, { complete: true });
  });

  it("keeps an amount at or below a cap with decimals as typed", () => {
    expectCapped("1234.5", { "1234.50": "1234.50", "1234.": "1234." });
    expectCapped("1234.50", { "1234.5": "1234.5" });
    expectCapped("1234.56", { "1234.56": "1234.56" });
  });

  it("compares exactly where a float could not", () => {
    expectCapped("9007199254740992", { "9007199254740993": "9007199254740992" });
    expectCapped("9999999999999999.98", { "9999999999999999.99": "9999999999999999.98" });
    expectCapped("9999999999999999.99", {
      "9999999999999999.99": "9999999999999999.99",
      "12345678901234567": "9999999999999999.99",
    });
    expectCapped("9999999999999999", { "10000000000000000.": "9999999999999999" });
  });

  it("refuses a cap that is not a money string", () => {
    expect(() => cleanAmount("5", "1e3")).toThrow(RangeError);
  });

  it("lets a user type a value below 1 key by key", () => {
    expectTyped({ "0.5": "0.5", "0.05": "0.05", ".5": "0.5", ".05": "0.05", ".00": "0.00" });
  });

  it("keeps up with ordinary typing", () => {
    expectTyped({ "1234.567": "1234.56", "12.3.4": "12.34", "9999999": "999999", "-1": "-1", "-0": "-0" });
    expectTyped({ "150": "100" }, "100");
    expectTyped({ "1234.59": "1234.5" }, "1234.50");
  });
});

describe("cleanAmount on completion", () => {
  it.each([
    ["0", "0"],
    ["0.", "0"],
    ["0.0", "0.0"],
    ["0.00", "0.00"],
    ["-1", "-1"],
    ["-1.", "-1"],
    ["-", "-"],
    ["", ""],
    ["12.", "12"],
    ["12.5", "12.5"],
    ["1000000", "999999"],
  ])("%j → %j", (input, output) => {
    expect(cleanAmount(input, DEFAULT_MAX_AMOUNT, { complete: true })).toBe(output);
  });

  it("yields nothing, a lone sign, or an amount; a positive one only when typed positive, within the maximum", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const out = cleanAmount(input, max, { complete: true });
        if (out === "" || out === "-") return;
        expect(out).toMatch(/^-?(0|[1-9]\d*)(\.\d{1,2})?$/);
        if (!isPositiveAmount(out)) return;
        const typed = typedValue(input);
        expect(typed?.negative).toBe(false);
        expect(typed?.minor).toBeGreaterThan(0n);
        expect(toMinor(out)).toBeLessThanOrEqual(toMinor(max));
      }),
    );
  });
});

describe("cleanAmount properties", () => {
  it("outputs an optional sign, digits and at most one point, with at most two decimals and no leading zeros", () => {
    fc.assert(
      fc.property(amountish, maxAmount, (input, max) => {
        const out = cleanAmount(input, max);
        expect(out).toMatch(/^-?((0|[1-9]\d*)(\.\d{0,2})?)?$/);
      }),
    );
  });

  it("is empty exactly when the input holds no digit, no point and no minus", () => {
    fc.assert(
      fc.property(amountish, (input) => {
        expect(cleanAmount(input) === "").toBe(!/[0-9.\-−－]/.test(input));
      }),
    );
  });

  it("never makes an amount of zero or less into a positive one, typed or completed", () => {
    const zeroOrLess = fc.oneof(
      fc.constantFrom("0", "0.", "0.0", "0.00", "00", ".", ".0", "0.001", "0.009", "-", "-0", "-.5"),
      fc.bigInt({ min: -(10n ** 18n), max: 0n }).map(fromMinor),
      fc.bigInt({ min: 1n, max: 10n ** 20n }).map((n) => `-${n}`),
    );
    const around = fc.string({ unit: fc.constantFrom(" ", "¥", "$", "a", ",") });
    fc.assert(
      fc.property(
        fc.tuple(around, zeroOrLess, around),
        maxAmount,
        fc.boolean(),
        ([before, amount, after], max, complete) => {
          const out = cleanAmount(before + amount + after, max, { complete });
          expect(isPositiveAmount(out.replace(/\.$/, "")), `${amount} gave ${out}`).toBe(false);
        },
      ),
    );
  });

  it("changes a value only by dropping characters and extra decimals, or by capping it at the maximum", () => {
    fc.assert(
      fc.property(amountish, maxAmount, fc.boolean(), (input, max, complete) => {
        const typed = typedValue(input);
        const out = cleanAmount(input, max, { complete });
        if (typed === null) {
          expect(["", "-"]).toContain(out);
          return;
        }
        if (typed.negative) {
          expect(out.startsWith("-")).toBe(true);
          // However long, the digits are those typed: never capped, never turned positive.
          const digits = out.slice(1).replace(/\.$/, "");
          if (isMoneyString(digits)) expect(toMinor(digits)).toBe(typed.minor);
          else expect(typed.minor).toBeGreaterThanOrEqual(10n ** 18n);
        } else if (typed.minor > toMinor(max)) {
          expect(out).toMatch(TYPED_CAP);
          expect(toMinor(out)).toBe(toMinor(max));
        } else expect(minorOf(out)).toBe(typed.minor);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(
        amountish,
        fc.option(maxAmount, { nil: undefined }),
        fc.boolean(),
        (input, max, complete) => {
          const once = cleanAmount(input, max, { complete });
          expect(cleanAmount(once, max, { complete })).toBe(once);
        },
      ),
    );
  });

  it("ignores characters other than digits, the point and a leading minus", () => {
    const noise = fc.string({ unit: fc.constantFrom("a", " ", ",", "e", "+", "$", "１", "\n") });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(..."0123456789.-"), noise)), (pairs) => {
        const clean = pairs.map(([c]) => c).join("");
        const noisy = pairs.map(([c, n]) => c + n).join("");
        expect(cleanAmount(noisy)).toBe(cleanAmount(clean));
      }),
    );
  });

  it("leaves an amount within the maximum unchanged, zero and negative ones included", () => {
    const amount = fc
      .tuple(
        fc.bigInt({ min: -(10n ** 16n) + 1n, max: 10n ** 16n - 1n }),
        fc.oneof(fc.constant(""), fc.stringMatching(/^\.\d{1,2}$/)),
      )
      .map(([whole, fraction]) => `${whole}${fraction}`);
    fc.assert(
      fc.property(amount, maxAmount, fc.boolean(), (typed, cap, complete) => {
        // The larger of the two keeps the amount within the cap, sometimes equal to it.
        const max = typed.startsWith("-") ? cap : maxMoney(typed, cap);
        expect(cleanAmount(typed, max, { complete })).toBe(typed);
      }),
    );
  });
});

describe("isPositiveAmount", () => {
  it.each([
    ["1", true],
    ["0.01", true],
    ["12.50", true],
    ["0", false],
    ["0.00", false],
    ["-1", false],
    ["-0", false],
    ["-", false],
    ["", false],
    ["12.", false],
    ["1.234", false],
  ])("%j → %j", (amount, positive) => {
    expect(isPositiveAmount(amount)).toBe(positive);
  });
});

/** The caps and bounds of the app's amount fields, as its pages pass them. */
const FIELDS: Record<string, { max: string; bounds: AmountBounds }> = {
  limit: { max: MAX_MONEY_LIMIT, bounds: {} },
  "Yu'ebao move": { max: DEFAULT_MAX_AMOUNT, bounds: { min: "1.00", max: "50000.00", available: "800.00" } },
  deposit: { max: "50000.00", bounds: { min: "100.00", max: "50000.00" } },
  "practice top-up": { max: "100000.00", bounds: { max: "100000.00" } },
  withdrawal: { max: DEFAULT_MAX_AMOUNT, bounds: { min: "10.00", available: "500.00" } },
  stake: { max: "5000.00", bounds: { min: "1.00", max: "5000.00", available: "200.00" } },
  "stake, signed out": { max: "5000.00", bounds: { min: "1.00", max: "5000.00", available: null } },
};

describe("amountProblem", () => {
  it("asks for another amount, in every field, for whatever zero or less is typed, as typed and as sent", () => {
    const zeroOrLess = fc.oneof(
      fc.constantFrom("", "0", "0.", ".", "0.00", "000", "0.001", "-", "-1", "-0.5", "−3", "－1", "¥ -88"),
      fc.bigInt({ min: -(10n ** 14n), max: 0n }).map(fromMinor),
    );
    fc.assert(
      fc.property(
        zeroOrLess,
        fc.constantFrom(...Object.values(FIELDS)),
        fc.boolean(),
        (typed, field, complete) => {
          const shown = cleanAmount(typed, field.max, { complete });
          expect(amountProblem(shown, field.bounds), `${typed} shown as ${shown}`).toBe("another");
        },
      ),
    );
  });

  it.each([
    ["0.50", "stake", "belowMin"],
    ["60000", "Yu'ebao move", "aboveMax"],
    ["50000", "deposit", null],
    ["250", "stake", "overBalance"],
    ["250", "stake, signed out", null],
    ["1000000", "withdrawal", "overBalance"],
    ["9.99", "withdrawal", "belowMin"],
    ["12.", "withdrawal", null],
    ["12.5", "Yu'ebao move", null],
    ["10000000000", "limit", null],
  ] as const)("%j in the %s field: %s", (typed, field, problem) => {
    const { max, bounds } = FIELDS[field] ?? { max: "", bounds: {} };
    expect(amountProblem(cleanAmount(typed, max), bounds)).toBe(problem);
  });
});
