/** A price observation as a source produces it, before it is numbered and chained (ticks.ts). */
export interface FeedTick {
  symbol: string;
  time: Date;
  /** Scaled by 10^precision of the product. */
  price: bigint;
  /** Traded volume since the previous tick, scaled by 10^volume precision. */
  volume: bigint;
  /** Real markets: the exchange trades the price was taken from, stored with the tick. */
  citations?: FeedCitation[];
}

/** One exchange trade a tick's price cites, as the exchange reported it. */
export interface FeedCitation {
  exchange: string;
  instrument: string;
  tradeId: string;
  /** The exchange's decimal text. */
  price: string;
  time: Date;
}

export type FeedListener = (ticks: FeedTick[]) => void;

/**
 * Where ticks come from. The synthetic feed implements it (synthetic-feed.ts); an adapter for a real
 * exchange would too (subscribe in start, hand over batches of ticks, unsubscribe in stop). Sources
 * never write ticks: the runner records them.
 */
export interface FeedSource {
  /** Stored as the products' source label; "simulated" is shown as such in the UI. */
  readonly name: string;
  start(emit: FeedListener): void;
  stop(): void;
}

/** Where a product's feed resumes: its last stored tick. */
export interface SimulationStart {
  price: bigint;
  seq: bigint;
  time: Date;
}
