import { z } from "zod";
import { isoTime, isoTimeInput, listOf } from "./common";
import { productCategory, productDuration, productStatus, tradingSchedule } from "./market";

/**
 * A product as the console's markets page shows it: what operators set (status, maintenance until,
 * trading hours, rates per duration, stake limits) beside what follows from it now (`status`,
 * `reopensAt`), and the feed's last tick. Changed through PUT /operator/market/products/:symbol.
 */
export const operatorProduct = z.object({
  symbol: z.string(),
  /** In the request's language. */
  name: z.string(),
  category: productCategory,
  precision: z.number().int().min(0).max(8),
  /** What an operator set: open, or under maintenance (until `maintenanceUntil`, or until reopened). */
  setStatus: z.enum(["open", "maintenance"]),
  maintenanceUntil: isoTime.nullable(),
  schedule: tradingSchedule,
  /** What a user sees now: maintenance, closed outside trading hours, or open. */
  status: productStatus,
  reopensAt: isoTime.nullable(),
  /** Payout rates per duration, for contracts placed from now on. */
  durations: z.array(productDuration),
  minStake: z.string(),
  maxStake: z.string(),
  simulated: z.boolean(),
  lastTick: z.object({ seq: z.string(), time: isoTime }).nullable(),
  updatedAt: isoTime,
});
export type OperatorProduct = z.infer<typeof operatorProduct>;
export const operatorProductList = listOf(operatorProduct);
export type OperatorProductList = z.infer<typeof operatorProductList>;

/** A time range of a product's ticks to verify: at most 24 hours (and 100,000 ticks). */
export const operatorChainVerifyQuery = z.object({ from: isoTimeInput(), to: isoTimeInput() });
export type OperatorChainVerifyQuery = z.infer<typeof operatorChainVerifyQuery>;

/**
 * Every tick recorded in [from, to] re-hashed and linked to the one before it (the first to the tick
 * before the range). `valid` false names the first broken tick: one whose hash differs from the
 * recomputed one, that does not link to its predecessor, or that is missing from the sequence.
 */
export const operatorChainVerification = z.object({
  symbol: z.string(),
  from: isoTime,
  to: isoTime,
  /** The first and last tick of the range checked; null when no tick falls in it. */
  fromSeq: z.string().nullable(),
  toSeq: z.string().nullable(),
  checked: z.number().int(),
  valid: z.boolean(),
  firstBrokenSeq: z.string().nullable(),
});
export type OperatorChainVerification = z.infer<typeof operatorChainVerification>;
