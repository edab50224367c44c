import { z } from "zod";
import { SOURCE_TOLERANCE_BPS, SPIKE_SIGMAS } from "../market-constants";
import { isoTime, isoTimeInput, listOf, operatorReason } from "./common";
import { feedExchange, productCategory, productTerms, tradingSchedule } from "./market";

/** One exchange market, by the exchange's own name of it: Binance "BTCUSDT", OKX "BTC-USDT". */
export const feedSource = z.object({
  exchange: feedExchange,
  instrument: z.string().regex(/^[A-Za-z0-9-]{2,32}$/, { error: "FEED_SOURCES_INVALID" }),
});
export type FeedMarket = z.infer<typeof feedSource>;

/**
 * Why the feed halted a product on a tick it refused to record: a move of `sigmas` times its recent
 * volatility from `previousPrice` (spike), or cited trades spread `spreadBps` apart, past the product's
 * tolerance (disagreement). `price` is the refused tick's; prices at the product's precision.
 */
export const feedAnomaly = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("spike"),
    at: isoTime,
    price: z.string(),
    previousPrice: z.string(),
    /** The move in multiples of the recent one-second volatility, one decimal. */
    sigmas: z.string(),
    limitSigmas: z.number().int(),
  }),
  z.object({
    kind: z.literal("disagreement"),
    at: isoTime,
    price: z.string(),
    /** Highest less lowest cited price, in basis points of their median, one decimal. */
    spreadBps: z.string(),
    toleranceBps: z.number().int(),
    trades: z.array(z.object({ source: z.string(), price: z.string() })),
  }),
]);
export type FeedAnomaly = z.infer<typeof feedAnomaly>;

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
  /** What a user sees now (maintenance, closed outside trading hours, or open) and the terms. */
  ...productTerms,
  /**
   * The version of the terms (durations, rates, stake limits): one more with each change of them, each
   * published (terms-history). Each contract records the version it was placed under, and its receipt
   * names it.
   */
  payoutTableVersion: z.number().int().positive(),
  /** The exchange markets that price it (empty: the simulator) and how many must be live for a tick. */
  feedSources: z.array(feedSource),
  minLiveSources: z.number().int(),
  /** When the feed put it into maintenance (too few live sources): the sources that fell silent. */
  haltSilentSources: z.array(z.string()).nullable(),
  /** When the feed halted it on an anomalous tick: what it refused and why. Only an operator reopens. */
  haltAnomaly: feedAnomaly.nullable(),
  /** A tick moving more than this many times the recent volatility halts the product. */
  spikeSigmas: z.number().int(),
  /** Real markets: cited trades further apart than this (basis points of their median) halt it. */
  sourceToleranceBps: z.number().int(),
  lastTick: z.object({ seq: z.string(), time: isoTime }).nullable(),
  updatedAt: isoTime,
});
export type OperatorProduct = z.infer<typeof operatorProduct>;
export const operatorProductList = listOf(operatorProduct);
export type OperatorProductList = z.infer<typeof operatorProductList>;

/**
 * Which exchange markets price a product within seconds: the median of their latest
 * trades, with at least `minLiveSources` live. No sources: the simulator prices it. With them, the
 * anomaly halt's thresholds (see operatorProduct).
 */
export const updateFeedSourcesRequest = z
  .object({
    sources: z.array(feedSource).max(10, { error: "FEED_SOURCES_INVALID" }),
    minLiveSources: z.number().int().min(1).max(10),
    /** Absent: unchanged. */
    spikeSigmas: z.number().int().min(SPIKE_SIGMAS.min).max(SPIKE_SIGMAS.max).optional(),
    sourceToleranceBps: z
      .number()
      .int()
      .min(SOURCE_TOLERANCE_BPS.min)
      .max(SOURCE_TOLERANCE_BPS.max)
      .optional(),
    reason: operatorReason,
  })
  .strict();
export type UpdateFeedSourcesRequest = z.infer<typeof updateFeedSourcesRequest>;

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
