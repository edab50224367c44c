import { z } from "zod";
import { DECIMAL, isMoneyString, toMinor } from "./money";

/** A money amount on the wire: a plain decimal string with at most two decimals. */
export const moneyString = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "AMOUNT_INVALID") })
  .regex(DECIMAL, { message: "AMOUNT_INVALID" })
  .describe('Decimal amount, at most two decimals, e.g. "1234.50"');

/** A strictly positive wire amount. */
export const positiveMoneyString = moneyString.refine((s) => isMoneyString(s) && toMinor(s) > 0n, {
  message: "AMOUNT_INVALID",
});

/** A positive wire amount no larger than `max` (a wire amount too). */
export function boundedMoneyString(max: string) {
  const limit = toMinor(max);
  return positiveMoneyString.refine((s) => isMoneyString(s) && toMinor(s) <= limit, {
    message: "AMOUNT_INVALID",
  });
}

/** A wire amount from `min` to `max` inclusive (both wire amounts), e.g. a fee that may be zero. */
export function moneyStringWithin(min: string, max: string) {
  const low = toMinor(min);
  const high = toMinor(max);
  return moneyString.refine((s) => isMoneyString(s) && toMinor(s) >= low && toMinor(s) <= high, {
    message: "AMOUNT_INVALID",
  });
}
