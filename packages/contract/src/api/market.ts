import { z } from "zod";
import { isoTime } from "./common";

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

export const productStatus = z.enum(["open", "maintenance", "closed"]);
export type ProductStatus = z.infer<typeof productStatus>;

export const product = z.object({
  symbol: z.string(),
  /** Name in the request's language (Accept-Language), with every locale's name beside it. */
  name: z.string(),
  names: z.record(z.string(), z.string()),
  category: productCategory,
  precision: z.number().int().min(0).max(8),
  status: productStatus,
  /** When a product under maintenance or outside its trading hours opens again. */
  reopensAt: isoTime.nullable(),
  durations: z.array(productDuration),
  minStake: z.string(),
  maxStake: z.string(),
  simulated: z.boolean(),
  ticker: ticker.nullable(),
});
export type Product = z.infer<typeof product>;
export const productList = z.object({ items: z.array(product) });
export type ProductList = z.infer<typeof productList>;

export const productQuery = z.object({ q: z.string().trim().max(40).optional() });

export const CANDLE_INTERVALS = ["1m", "5m", "15m", "1h", "1d"] as const;
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

export const tick = z.object({
  symbol: z.string(),
  seq: z.string(),
  time: isoTime,
  price: priceString,
  prevHash: z.string(),
  hash: z.string(),
});
export type Tick = z.infer<typeof tick>;

export const tickRangeQuery = z.object({
  fromSeq: z.string().regex(/^\d{1,19}$/).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});
export const tickList = z.object({ items: z.array(tick) });
export type TickList = z.infer<typeof tickList>;

export const chainVerifyQuery = z.object({
  fromSeq: z.string().regex(/^\d{1,19}$/),
  toSeq: z.string().regex(/^\d{1,19}$/),
});
export const chainVerification = z.object({
  symbol: z.string(),
  fromSeq: z.string(),
  toSeq: z.string(),
  checked: z.number().int(),
  valid: z.boolean(),
  /** The first tick whose stored hash differs from the recomputed one, if any. */
  firstMismatchSeq: z.string().nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;
