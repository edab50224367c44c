/**
 * The exchanges whose public trades can price a real market (by their median). Zod-free, so the
 * console lists them without loading a schema.
 */
export const FEED_EXCHANGES = ["binance", "okx"] as const;
export type FeedExchange = (typeof FEED_EXCHANGES)[number];

/** The longest contract duration an operator may offer: a day. A receipt's size is bounded by it. */
export const MAX_DURATION_SECONDS = 86_400;
