import { z } from "zod";
import { FEED_EXCHANGES, MAX_DURATION_SECONDS } from "../market-constants";
import { positiveMoneyString } from "../money-schema";
import { isoTime, isoTimeInput, listOf, operatorReason } from "./common";

/**
 * Prices travel as decimal strings with the product's own precision ("67012.35", "1.08421"); like
 * money, they are never parsed into a float on the server.
 */
export const priceString = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/);

export const PRODUCT_CATEGORIES = ["crypto", "fx", "metal", "index"] as const;
export const productCategory = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof productCategory>;

export const productDuration = z.object({
  seconds: z.number().int().positive(),
  /** Payout rate in basis points of the stake: 8500 = a win pays stake × 1.85. */
  payoutRateBps: z.number().int().min(1).max(100_000),
});
export type ProductDuration = z.infer<typeof productDuration>;

export const ticker = z.object({
  symbol: z.string(),
  price: priceString,
  time: isoTime,
  seq: z.string(),
  /** 24H change in percent with two decimals, signed ("-1.25"). */
  change24h: z.string(),
  open24h: priceString,
  high24h: priceString,
  low24h: priceString,
  /** Simulated traded volume (base units) and amount (quote currency) over 24H, decimal strings. */
  volume24h: z.string(),
  amount24h: z.string(),
});
export type Ticker = z.infer<typeof ticker>;

/** When a product trades: around the clock, or the FX week (Sunday 22:00 to Friday 22:00 UTC). */
export const TRADING_SCHEDULES = ["always", "fx_week"] as const;
export const tradingSchedule = z.enum(TRADING_SCHEDULES);
export type TradingSchedule = z.infer<typeof tradingSchedule>;

export const productStatus = z.enum(["open", "maintenance", "closed"]);
export type ProductStatus = z.infer<typeof productStatus>;

export const feedExchange = z.enum(FEED_EXCHANGES);

/** What users and operators alike read of a product's trading now: whether it is open, and on what terms. */
export const productTerms = {
  status: productStatus,
  /** When a product under maintenance or outside its trading hours opens again. */
  reopensAt: isoTime.nullable(),
  /**
   * Why the feed put it into maintenance, when it did: a price it refused as implausible (until an
   * operator reopens it), or too few of its price sources live (until they are back).
   */
  pausedFor: z.enum(["unusual_price", "price_sources_down"]).nullable(),
  /** Payout rates per duration, for contracts placed from now on. */
  durations: z.array(productDuration),
  minStake: z.string(),
  maxStake: z.string(),
  simulated: z.boolean(),
};

export const product = z.object({
  symbol: z.string(),
  /** Name in the request's language (Accept-Language), with every locale's name beside it. */
  name: z.string(),
  names: z.record(z.string(), z.string()),
  category: productCategory,
  precision: z.number().int().min(0).max(8),
  ...productTerms,
  /** A real market: the exchanges whose latest trades price it (the median); empty when simulated. */
  priceSources: z.array(feedExchange),
  ticker: ticker.nullable(),
});
export type Product = z.infer<typeof product>;
export const productList = listOf(product);
export type ProductList = z.infer<typeof productList>;

export const productQuery = z.object({ q: z.string().trim().max(40).optional() });

export const CANDLE_INTERVALS = ["1m", "5m", "15m", "30m", "1h", "1d", "1w"] as const;
export const candleInterval = z.enum(CANDLE_INTERVALS);
export type CandleInterval = z.infer<typeof candleInterval>;

export const candle = z.object({
  time: isoTime,
  open: priceString,
  high: priceString,
  low: priceString,
  close: priceString,
  volume: z.string(),
});
export type Candle = z.infer<typeof candle>;
export const candleQuery = z.object({
  interval: candleInterval.default("1m"),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});
export const candleList = z.object({ symbol: z.string(), interval: candleInterval, items: z.array(candle) });
export type CandleList = z.infer<typeof candleList>;

/**
 * The hash chain's start: the `prevHash` of every product's first tick (seq 1).
 *
 * Each tick's `hash` is the lowercase hex SHA-256 of the UTF-8 text
 * `${prevHash}|${symbol}|${seq}|${time}|${price}` built from exactly the fields served here
 * (time as served: ISO 8601 UTC with milliseconds; price as served: the product's precision), and its
 * `prevHash` is the previous tick's `hash`; so anyone can check a contract's entry and exit ticks.
 */
export const TICK_GENESIS_HASH = "0".repeat(64);

/**
 * One exchange trade a real-market tick cites: the tick's price is the median of its sources' latest
 * trades, so anyone can hold it against the exchanges' own records. Not part of the hash.
 */
export const tickSource = z.object({
  exchange: z.string(),
  /** The exchange's name of the market ("BTCUSDT", "BTC-USDT"). */
  instrument: z.string(),
  tradeId: z.string(),
  /** The price as the exchange sent it (its own number of decimals). */
  price: z.string().regex(/^\d{1,30}(\.\d{1,30})?$/),
  time: isoTime,
});
export type TickSource = z.infer<typeof tickSource>;

export const tick = z.object({
  symbol: z.string(),
  seq: z.string(),
  time: isoTime,
  price: priceString,
  prevHash: z.string(),
  hash: z.string(),
  /** Real markets only: the trades the price was taken from. */
  sources: z.array(tickSource).optional(),
});
export type Tick = z.infer<typeof tick>;

const seqParam = z.string().regex(/^\d{1,18}$/, { error: "RANGE_INVALID" });

/**
 * Either `fromSeq` or `from` (not both) starts the range, oldest first; `to` ends it. With neither
 * start, the latest `limit` ticks at or before `to` (or now).
 */
export const tickRangeQuery = z.object({
  fromSeq: seqParam.optional(),
  from: isoTimeInput().optional(),
  to: isoTimeInput().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});
export const tickList = listOf(tick);
export type TickList = z.infer<typeof tickList>;

export const chainVerifyQuery = z.object({ fromSeq: seqParam, toSeq: seqParam });
export const chainVerification = z.object({
  symbol: z.string(),
  fromSeq: z.string(),
  /** Where checking ended: the requested end, the latest tick if that came first, or the mismatch. */
  toSeq: z.string(),
  checked: z.number().int(),
  valid: z.boolean(),
  /**
   * The first tick whose stored hash differs from the recomputed one, that does not link to the tick
   * before it, or that is missing; null when the range is intact.
   */
  firstMismatchSeq: z.string().nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;

/**
 * An operator's change to a product (admin only, audited). Only what the operator may decide: the
 * trading status, the trading hours, the durations with their payout rates, and the stake limits; a
 * change applies to contracts placed after it (a contract keeps the rate it was accepted with).
 * Strict, so nothing else (a price, a tick) can ride along.
 */
export const updateProductRequest = z
  .object({
    status: z.enum(["open", "maintenance"]).optional(),
    schedule: tradingSchedule.optional(),
    /** With "maintenance": when the product opens again by itself; null for until further notice. */
    reopensAt: isoTimeInput().nullable().optional(),
    durations: z
      .array(
        z.object({
          seconds: z.number().int().min(5).max(MAX_DURATION_SECONDS),
          payoutRateBps: z.number().int().min(1).max(100_000),
        }),
      )
      .min(1)
      .max(12)
      .optional(),
    minStake: positiveMoneyString.optional(),
    maxStake: positiveMoneyString.optional(),
    reason: operatorReason,
  })
  .strict();
export type UpdateProductRequest = z.infer<typeof updateProductRequest>;
