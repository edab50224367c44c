import { z } from "zod";
import { isoTime } from "./common";
import { productDuration } from "./market";
import { calendarDate } from "./savings";

/**
 * One version of a product's published terms: its durations with their payout rates and its stake
 * limits, the same for every user. A contract records the version it was placed under
 * (`payoutTableVersion`), so its receipt names the table its rate came from.
 */
export const productTermsVersion = z.object({
  version: z.number().int().positive(),
  /** When this version took effect: contracts accepted from then until the next one were offered it. */
  effectiveFrom: isoTime,
  durations: z.array(productDuration),
  minStake: z.string(),
  maxStake: z.string(),
  /**
   * Rebuilt from the audit log when versions were first stored, not written by the change itself: its
   * rates are exact, its stake limits those in force when it began (docs/decisions/0064).
   */
  reconstructed: z.boolean(),
});
export type ProductTermsVersion = z.infer<typeof productTermsVersion>;

/** GET /api/v1/market/products/:symbol/terms-history: every version, newest first. */
export const productTermsHistory = z.object({ symbol: z.string(), items: z.array(productTermsVersion) });
export type ProductTermsHistory = z.infer<typeof productTermsHistory>;

/** The realized figure counts the platform days before the day it was computed on, this many. */
export const REALIZED_RETURN_PERIOD_DAYS = 90;

/** Probabilities are from 0 to 1, unrounded; `per100` is what 100 staked returns on average, 2 decimals. */
const fairSide = z.object({
  win: z.number().min(0).max(1),
  draw: z.number().min(0).max(1),
  per100: z.string().regex(/^\d{1,6}\.\d{2}$/),
});
export type FairSide = z.infer<typeof fairSide>;

export const durationValue = z.object({
  seconds: z.number().int().positive(),
  payoutRateBps: z.number().int().positive(),
  /**
   * At fair odds under the simulator's published model, by direction (its drift is not exactly zero,
   * so up and down may differ in the last digit); null for a real market, which no model describes.
   */
  fair: z.object({ up: fairSide, down: fairSide }).nullable(),
  /**
   * What the platform's users got back per 100 staked over the period, from their settled contracts of
   * this product and duration (void ones returned the stake untraded and are left out). `per100` is
   * null below `minContracts` contracts.
   */
  realized: z.object({
    contracts: z.number().int().min(0),
    per100: z
      .string()
      .regex(/^\d{1,6}\.\d{2}$/)
      .nullable(),
  }),
});
export type DurationValue = z.infer<typeof durationValue>;

/** GET /api/v1/market/products/:symbol/expected-value. */
export const expectedValue = z.object({
  symbol: z.string(),
  /** "simulator": the fair figures follow from the published path rule; "none": real market prices. */
  model: z.enum(["simulator", "none"]),
  /** The price the model's odds were worked out at (its tick size matters for draws); null without one. */
  modelPrice: z.string().nullable(),
  durations: z.array(durationValue),
  /** The platform day the realized figures were computed on, and the period they count; null before the first. */
  realizedOn: calendarDate.nullable(),
  periodFrom: calendarDate.nullable(),
  periodTo: calendarDate.nullable(),
  periodDays: z.literal(REALIZED_RETURN_PERIOD_DAYS),
  /** The fewest settled contracts a realized figure is stated for (REALIZED_RETURN_MIN_CONTRACTS). */
  minContracts: z.number().int().positive(),
});
export type ExpectedValue = z.infer<typeof expectedValue>;
