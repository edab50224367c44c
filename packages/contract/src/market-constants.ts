/**
 * The exchanges whose public trades can price a real market (by their median). Zod-free, so the
 * console lists them without loading a schema.
 */
export const FEED_EXCHANGES = ["binance", "okx"] as const;
export type FeedExchange = (typeof FEED_EXCHANGES)[number];
