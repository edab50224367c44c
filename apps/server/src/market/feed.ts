import type { Clock } from "../platform/clock";
import type { CatalogueProduct } from "./catalogue";
import { parseScaled, scaledToFloat, toScaledPrice } from "./prices";
import { KeyedRandom } from "./random";

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
 * Where ticks come from. The simulator implements it; an adapter for a real exchange would too (subscribe
 * in start, hand over batches of ticks, unsubscribe in stop). Sources never write: the runner records.
 */
export interface FeedSource {
  /** Stored as the products' source label; "simulated" is shown as such in the UI. */
  readonly name: string;
  start(emit: FeedListener): void;
  stop(): void;
}

export const MS_PER_YEAR = 365 * 24 * 60 * 60_000;

/** One drift-free GBM step over `dtYears` with standard normal `z`: S·exp(−σ²dt/2 + σ√dt·z). */
export function gbmStep(price: number, annualVolatility: number, dtYears: number, z: number): number {
  const sigma = annualVolatility;
  return price * Math.exp(-0.5 * sigma * sigma * dtYears + sigma * Math.sqrt(dtYears) * z);
}

/** Where a product's simulation resumes: its last stored tick. */
export interface SimulationStart {
  price: bigint;
  seq: bigint;
}

export interface SimulatedFeedOptions {
  products: readonly CatalogueProduct[];
  /** Secret in production (unset FEED_SEED → random per start); fixed in tests for repeatable paths. */
  seed: string;
  clock: Clock;
  intervalMs?: number;
  /** The last stored tick per symbol; without one a product starts at its catalogue price. */
  resumeFrom?: ReadonlyMap<string, SimulationStart>;
  /** The longest time one step covers, so resuming after a long pause does not jump. */
  maxStepMs?: number;
}

interface ProductState {
  product: CatalogueProduct;
  price: number;
  meanVolume: number;
  random: KeyedRandom;
  lastAt: number | null;
}

/**
 * Seeded geometric Brownian motion per product, about one tick a second each, with simulated volume.
 * Floats live only in here; every tick leaves as exact scaled integers.
 */
export class SimulatedFeed implements FeedSource {
  readonly name = "simulated";
  readonly #states: ProductState[];
  readonly #clock: Clock;
  readonly #intervalMs: number;
  readonly #maxStepMs: number;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: SimulatedFeedOptions) {
    this.#clock = options.clock;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#maxStepMs = options.maxStepMs ?? 5000;
    this.#states = options.products.map((product) => {
      const resume = options.resumeFrom?.get(product.symbol);
      const price = resume?.price ?? parseScaled(product.simulation.startPrice, product.precision);
      // Streams are keyed by where they resume, so a restart draws new numbers rather than replaying.
      const stream = `${product.symbol}|${resume?.seq ?? 0n}`;
      return {
        product,
        price: scaledToFloat(price, product.precision),
        meanVolume: scaledToFloat(
          parseScaled(product.simulation.meanVolume, product.volumePrecision),
          product.volumePrecision,
        ),
        random: new KeyedRandom(options.seed, stream),
        lastAt: null,
      };
    });
  }

  /** One tick per product at `at`: what the timer does each interval, and what tests call by hand. */
  step(at: Date): FeedTick[] {
    return this.#states.map((state) => {
      const elapsed = state.lastAt === null ? this.#intervalMs : at.getTime() - state.lastAt;
      const dtYears = Math.min(Math.max(elapsed, 0), this.#maxStepMs) / MS_PER_YEAR;
      const z = state.random.normal();
      state.price = gbmStep(state.price, state.product.simulation.annualVolatility, dtYears, z);
      state.lastAt = at.getTime();
      // Lognormal activity with mean `meanVolume`, busier on bigger moves (E[0.6 + 0.5|z|] ≈ 1).
      const activity = Math.exp(0.7 * state.random.normal() - 0.245) * (0.6 + 0.5 * Math.abs(z));
      const volume = Math.floor(state.meanVolume * activity * 10 ** state.product.volumePrecision);
      return {
        symbol: state.product.symbol,
        time: at,
        price: toScaledPrice(state.price, state.product.precision),
        volume: BigInt(Math.max(0, volume)),
      };
    });
  }

  start(emit: FeedListener): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => emit(this.step(this.#clock.now())), this.#intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
