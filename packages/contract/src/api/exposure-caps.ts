import { z } from "zod";
import { moneyString, moneyStringWithin } from "../money-schema";
import { EXPOSURE_CAP_KINDS, EXPOSURE_CAP_MAX } from "../risk-constants";
import { operatorReason } from "./common";
import { controlChange } from "./operators";

const cap = moneyStringWithin("0", EXPOSURE_CAP_MAX).nullable();

/**
 * A product's caps on what the house would pay if a side won: on all open contracts of one direction
 * (`up`, `down`), and on each user's open contracts of the product, both directions together
 * (`perUser`). Null is no cap.
 */
export const exposureCaps = z.object({
  up: cap.describe("Cap on the payout of open buy-up contracts; null for none"),
  down: cap.describe("Cap on the payout of open buy-down contracts; null for none"),
  perUser: cap.describe("Cap on each user's open payout on this product; null for none"),
});
export type ExposureCaps = z.infer<typeof exposureCaps>;

/** An operator's change of a product's caps, with the reason the audit log keeps. */
export const exposureCapsChange = exposureCaps.extend({ reason: operatorReason });
export type ExposureCapsChange = z.infer<typeof exposureCapsChange>;

/**
 * A product's caps and what its open contracts use of them now: the payout owed if up or down won,
 * and the largest one user's open payout on it.
 */
export const productExposureCaps = z.object({
  symbol: z.string(),
  caps: exposureCaps,
  open: z.object({ up: moneyString, down: moneyString, largestUser: moneyString }),
  /** A loosening waiting for a second admin, if any. */
  pending: controlChange.nullable(),
});
export type ProductExposureCaps = z.infer<typeof productExposureCaps>;

export const exposureCapsList = z.object({ items: z.array(productExposureCaps) });
export type ExposureCapsList = z.infer<typeof exposureCapsList>;

export const capsSymbolParams = z.object({ symbol: z.string().min(1).max(32) });

/** The details of an EXPOSURE_LIMIT_REACHED refusal: which cap, on which product and direction. */
export const exposureRefusalDetails = z.object({
  cap: z.enum(EXPOSURE_CAP_KINDS),
  symbol: z.string(),
  direction: z.enum(["up", "down"]),
});
export type ExposureRefusalDetails = z.infer<typeof exposureRefusalDetails>;
