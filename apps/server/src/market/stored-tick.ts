import type { FeedCitation } from "./feed";

/** A tick as recorded: numbered and chained. */
export interface StoredTick {
  symbol: string;
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
  prevHash: string;
  hash: string;
  /** The price as served and hashed, at the product's precision. */
  priceText: string;
  /** Real markets: the exchange trades the price was taken from. */
  citations?: FeedCitation[] | undefined;
}
