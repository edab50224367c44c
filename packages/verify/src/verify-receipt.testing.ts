import fc from "fast-check";
import type { Receipt } from "./receipt";
import { syntheticReceipt } from "./receipt.testing";
import type { ReceiptCheck } from "./verify-receipt";

/** What the receipt tests share: the failed checks, synthetic receipts at random, and small forgeries. */

export const failed = (checks: ReceiptCheck[]) => checks.filter((c) => !c.ok).map((c) => [c.name, c.seq]);
export const clone = (receipt: Receipt): Receipt => structuredClone(receipt);

export const optionsArb = fc.record({
  // Up to epoch 2's end, across the boundary between epochs 1 and 2 too.
  entryIndex: fc.integer({ min: 0, max: 540 }),
  durationSeconds: fc.integer({ min: 1, max: 59 }),
  direction: fc.constantFrom("up" as const, "down" as const),
  stake: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  payoutRateBps: fc.integer({ min: 0, max: 20_000 }),
});
/** A receipt and a tick of it. */
export const pickedArb = optionsArb.chain((options) =>
  fc.record({
    receipt: fc.constant(syntheticReceipt(options)),
    at: fc.nat({ max: options.durationSeconds }),
  }),
);

/** Changes one hex digit of `hex` at `position`. */
export const flipHex = (hex: string, position: number) => {
  const digit = hex[position] === "0" ? "1" : "0";
  return `${hex.slice(0, position)}${digit}${hex.slice(position + 1)}`;
};

/** Bumps the last digit of a price by one (9 → 8, else +1). */
export const nudge = (price: string) =>
  `${price.slice(0, -1)}${price.endsWith("9") ? "8" : String(Number(price.at(-1)) + 1)}`;
