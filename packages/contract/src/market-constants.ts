/**
 * The exchanges whose public trades can price a real market (by their median). Zod-free, so the
 * console lists them without loading a schema.
 */
export const FEED_EXCHANGES = ["binance", "okx"] as const;
export type FeedExchange = (typeof FEED_EXCHANGES)[number];

/** The longest contract duration an operator may offer: a day. A receipt's size is bounded by it. */
export const MAX_DURATION_SECONDS = 86_400;

/** The feed-anomaly halt's defaults and bounds, per product (set with its price sources). */
export const SPIKE_SIGMAS = { default: 15, min: 5, max: 100 } as const;
export const SOURCE_TOLERANCE_BPS = { default: 100, min: 5, max: 5000 } as const;
