import type { ProductCategory } from "@tickfair/contract";
import type { ColumnType, Generated, Selectable } from "kysely";
import type { TradingSchedule } from "./catalogue";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProductsTable {
  symbol: string;
  category: ProductCategory;
  /** Locale → name. */
  names: ColumnType<Record<string, string>, string, string>;
  price_precision: number;
  volume_precision: number;
  schedule: TradingSchedule;
  /** "closed" is never stored: it follows from the schedule and the time. */
  status: ColumnType<"open" | "maintenance", "open" | "maintenance" | undefined, "open" | "maintenance">;
  reopens_at: Date | null;
  min_stake: bigint;
  max_stake: bigint;
  /** The feed that produces the product's ticks ("simulated" for the built-in simulator). */
  source: ColumnType<string, string | undefined, string>;
  sort_order: ColumnType<number, number | undefined, number>;
  /** Real markets: fewer live sources than this and the product gets no tick and is halted. */
  min_live_sources: ColumnType<number, number | undefined, number>;
  /**
   * The feed put the product into maintenance because these sources fell silent ("binance:BTCUSDT,
   * okx:BTC-USDT"); null when it did not (or an operator took the maintenance over).
   */
  halt_silent_sources: ColumnType<string | null, string | null | undefined, string | null>;
  /** A tick moving more than this many times the recent volatility is refused and halts the product. */
  spike_sigmas: ColumnType<number, number | undefined, number>;
  /** Real markets: cited trades spread wider than this (basis points of their median) halt it. */
  source_tolerance_bps: ColumnType<number, number | undefined, number>;
  /** The spike detector's window starts here (an operator's reopening restarts it); null: no start. */
  anomaly_window_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The anomaly the feed halted the product for; null once an operator sets the status. */
  halt_anomaly_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The version of the terms (durations, rates, stake limits): one more with each change of them. */
  payout_table_version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductDurationsTable {
  symbol: string;
  seconds: number;
  payout_rate_bps: number;
}

/**
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE, and any tick that breaks its chain.
 * Only a tick's own hash is kept, as 32 bytes (hash.ts: hashHex, hashBytes); the hash it continues is
 * its predecessor's (the genesis hash for seq 1).
 */
export interface TicksTable {
  symbol: string;
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
  hash: ColumnType<Uint8Array, Uint8Array, never>;
}

/** A file of archived ticks: what verifies it (decision 0084). Append-only, each row continuing the last. */
export interface TickArchivesTable {
  symbol: string;
  first_seq: bigint;
  last_seq: bigint;
  first_time: Date;
  last_time: Date;
  prev_hash: ColumnType<Uint8Array, Uint8Array, never>;
  last_hash: ColumnType<Uint8Array, Uint8Array, never>;
  file_sha256: ColumnType<Uint8Array, Uint8Array, never>;
  file_bytes: number;
  archived_at: ColumnType<Date, Date | undefined, never>;
}

/** The exchange markets that price a product (none: the simulator does), in display order. */
export interface ProductFeedSourcesTable {
  symbol: string;
  position: number;
  exchange: string;
  instrument: string;
}

/** Append-only, like the ticks: the exchange trades a real-market tick's price was taken from. */
export interface TickCitationsTable {
  symbol: string;
  seq: bigint;
  position: number;
  exchange: string;
  instrument: string;
  trade_id: string;
  /** The exchange's decimal text, as it sent it. */
  price: string;
  trade_time: Date;
}

/** Append-only: each tick the feed refused as anomalous, and why (the product was halted on it). */
export interface FeedAnomaliesTable {
  id: Generated<bigint>;
  symbol: string;
  kind: "spike" | "disagreement";
  tick_time: Date;
  price: string;
  /** The FeedAnomaly (contract) as served to operators. */
  detail: ColumnType<unknown, string, never>;
  reason: string;
}

export interface CandlesTable {
  symbol: string;
  period: string;
  bucket_start: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  /** Σ price × volume, scaled by 10^(price precision + volume precision); numeric, read as text. */
  amount: ColumnType<string, string, string>;
  tick_count: number;
  first_seq: bigint;
  last_seq: bigint;
}

/** The time zone the stored day and week candles follow (one row, once built; candle-store.ts). */
export interface CandleCalendarTable {
  only_row: ColumnType<boolean, boolean | undefined, never>;
  time_zone: string;
}

/** A synthetic product's published parameters in a chain: the scaled integers as decimal text. */
export interface ChainProductRecord {
  symbol: string;
  precision: number;
  volumePrecision: number;
  stepVolatilityPpm: number;
  meanVolume: string;
  /** Null for a successor chain, which opens at its predecessor's last prices. */
  openingPrice: string | null;
}

/** A seed chain as committed (docs/fairness.md); never changed once recorded. Its secret is never stored. */
export interface FairnessChainsTable {
  id: Generated<bigint>;
  anchor: string;
  algorithm: string;
  epoch_ms: number;
  tick_ms: number;
  starts_at: Date;
  chain_length: number;
  products: ColumnType<ChainProductRecord[], string, never>;
  created_at: Timestamp;
}

/** An epoch that has begun: its openings (symbol → scaled price text) and, once it has ended, its seed. */
export interface FairnessEpochsTable {
  chain_id: bigint;
  epoch_index: number;
  starts_at: Date;
  ends_at: Date;
  seed: ColumnType<string | null, string | null | undefined, string>;
  openings: ColumnType<Record<string, string>, string, never>;
}

/** One version of a product's published terms; append-only (the database refuses changes). */
export interface ProductTermsTable {
  symbol: ColumnType<string, string, never>;
  version: ColumnType<number, number, never>;
  effective_from: ColumnType<Date, Date, never>;
  durations: ColumnType<{ seconds: number; payoutRateBps: number }[], string, never>;
  min_stake: ColumnType<bigint, bigint, never>;
  max_stake: ColumnType<bigint, bigint, never>;
  reconstructed: ColumnType<boolean, boolean | undefined, never>;
}

declare module "../platform/schema" {
  interface Database {
    products: ProductsTable;
    product_terms: ProductTermsTable;
    product_durations: ProductDurationsTable;
    ticks: TicksTable;
    tick_citations: TickCitationsTable;
    tick_archives: TickArchivesTable;
    feed_anomalies: FeedAnomaliesTable;
    product_feed_sources: ProductFeedSourcesTable;
    candles: CandlesTable;
    candle_calendar: CandleCalendarTable;
    fairness_chains: FairnessChainsTable;
    fairness_epochs: FairnessEpochsTable;
  }
}

export type ProductRow = Selectable<ProductsTable>;
