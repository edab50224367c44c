import { cleanAmount, DEFAULT_MAX_AMOUNT, fromMinor, MAX_MONEY_LIMIT } from "@tickfair/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AmountBounds, amountProblem } from "./amount-check";

/** The caps and bounds of the app's amount fields, as their pages pass them. */
const FIELDS: Record<string, { max: string; bounds: AmountBounds }> = {
  limit: { max: MAX_MONEY_LIMIT, bounds: {} },
  "Yu'ebao move": { max: DEFAULT_MAX_AMOUNT, bounds: { min: "1.00", max: "50000.00", available: "800.00" } },
  deposit: { max: "50000.00", bounds: { min: "100.00", max: "50000.00" } },
  "practice top-up": { max: "100000.00", bounds: { max: "100000.00" } },
  withdrawal: { max: DEFAULT_MAX_AMOUNT, bounds: { min: "10.00", available: "500.00" } },
  stake: { max: "5000.00", bounds: { min: "1.00", max: "5000.00", available: "200.00" } },
  "stake, signed out": { max: "5000.00", bounds: { min: "1.00", max: "5000.00", available: null } },
};

describe("an amount field's problem", () => {
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
