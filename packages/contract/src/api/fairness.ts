import { z } from "zod";
import { isoTime, pageQuery } from "./common";
import { priceString } from "./market";

/** A seed or an anchor: 32 bytes as lowercase hex. */
export const seedHex = z.string().regex(/^[0-9a-f]{64}$/);

/** A synthetic product's parameters, fixed for a chain's life (docs/fairness.md). */
export const fairnessProduct = z.object({
  symbol: z.string(),
  precision: z.number().int().min(0).max(8),
  volumePrecision: z.number().int().min(0).max(8),
  stepVolatilityPpm: z.number().int().min(1).max(1_000_000),
  /** Scaled by 10^volumePrecision, as decimal digits. */
  meanVolume: z.string().regex(/^\d+$/),
  /**
   * Epoch 1's opening price at the product's precision. A successor chain opens at its predecessor's
   * last prices: null until its first epoch begins.
   */
  openingPrice: priceString.nullable(),
});
export type FairnessProduct = z.infer<typeof fairnessProduct>;

export const fairnessEpochSpan = z.object({
  index: z.number().int().min(1),
  startsAt: isoTime,
  endsAt: isoTime,
});

/**
 * The synthetic markets' commitment: the chain that plays now (its anchor s_0 never changes), the
 * chains before it and the next one, published before it starts. `currentEpoch` is null when no epoch
 * of the chain plays (before its start, after its end).
 */
export const fairness = z.object({
  algorithm: z.string(),
  anchor: seedHex,
  epochSeconds: z.number().int().positive(),
  tickMs: z.number().int().positive(),
  startsAt: isoTime,
  chainLength: z.number().int().min(1),
  products: z.array(fairnessProduct),
  earlierChains: z.array(z.object({ anchor: seedHex, startsAt: isoTime, chainLength: z.number().int() })),
  nextChain: z.object({ anchor: seedHex, startsAt: isoTime }).nullable(),
  currentEpoch: fairnessEpochSpan.nullable(),
});
export type Fairness = z.infer<typeof fairness>;

/** An epoch that has begun: its opening prices, and its seed once it has ended (null until then). */
export const fairnessEpoch = fairnessEpochSpan.extend({
  seed: seedHex.nullable(),
  openings: z.record(z.string(), priceString),
});
export type FairnessEpoch = z.infer<typeof fairnessEpoch>;

/** `?cursor=&limit=`, newest first; the cursor is the last epoch index of the previous page. */
export const fairnessEpochQuery = pageQuery.extend({
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, { error: "VALIDATION_FAILED" })
    .optional(),
});
export const fairnessEpochPage = z.object({
  items: z.array(fairnessEpoch),
  nextCursor: z.string().nullable(),
});
export type FairnessEpochPage = z.infer<typeof fairnessEpochPage>;

/** The last tick hash of a product at the end of each platform day, newest first. */
export const chainHeadQuery = pageQuery.extend({
  symbol: z.string().min(1).max(40),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "VALIDATION_FAILED" })
    .refine(
      (date) => {
        const at = Date.parse(`${date}T00:00:00Z`);
        // Read back, so 2026-02-30 (which Date.parse rolls over into March) is refused.
        return Number.isFinite(at) && at >= 0 && new Date(at).toISOString().slice(0, 10) === date;
      },
      { message: "VALIDATION_FAILED" },
    )
    .optional(),
});
export const chainHead = z.object({
  /** The platform day (YYYY-MM-DD, platform time zone) and the instant it ended. */
  date: z.string(),
  endsAt: isoTime,
  seq: z.string(),
  time: isoTime,
  hash: seedHex,
});
export type ChainHead = z.infer<typeof chainHead>;
export const chainHeadPage = z.object({
  symbol: z.string(),
  items: z.array(chainHead),
  nextCursor: z.string().nullable(),
});
export type ChainHeadPage = z.infer<typeof chainHeadPage>;
