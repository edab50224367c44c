import type { CatalogueProduct } from "./catalogue";
import type { FeedTick } from "./feed";
import { parseScaled, scaledToFloat, toScaledPrice } from "./prices";
import { KeyedRandom } from "./random";

export const MS_PER_YEAR = 365 * 24 * 60 * 60_000;

/** One drift-free GBM step over `dtYears` with standard normal `z`: S·exp(−σ²dt/2 + σ√dt·z). */
export function gbmStep(price: number, annualVolatility: number, dtYears: number, z: number): number {
  const sigma = annualVolatility;
  return price * Math.exp(-0.5 * sigma * sigma * dtYears + sigma * Math.sqrt(dtYears) * z);
}

/**
 * A seeded geometric Brownian motion for a closed product's last session (history.ts): a past nobody
 * traded in, before the committed chain begins, so it needs no commitment. Floats live only in here;
 * every tick leaves as exact scaled integers.
 */
export class HistoryWalk {
  readonly #product: CatalogueProduct;
  readonly #random: KeyedRandom;
  readonly #meanVolume: number;
  readonly #stepMs: number;
  #price: number;

  constructor(product: CatalogueProduct, seed: string, stepMs: number) {
    this.#product = product;
    this.#random = new KeyedRandom(seed, `${product.symbol}|0`);
    this.#stepMs = stepMs;
    this.#price = scaledToFloat(
      parseScaled(product.simulation.startPrice, product.precision),
      product.precision,
    );
    this.#meanVolume = scaledToFloat(
      parseScaled(product.simulation.meanVolume, product.volumePrecision),
      product.volumePrecision,
    );
  }

  /** The next step's tick at `at`, a step's time after the previous one. */
  step(at: Date): FeedTick {
    const product = this.#product;
    const z = this.#random.normal();
    this.#price = gbmStep(this.#price, product.simulation.annualVolatility, this.#stepMs / MS_PER_YEAR, z);
    // Lognormal activity with mean `meanVolume`, busier on bigger moves (E[0.6 + 0.5|z|] ≈ 1).
    const activity = Math.exp(0.7 * this.#random.normal() - 0.245) * (0.6 + 0.5 * Math.abs(z));
    const volume = Math.floor(this.#meanVolume * activity * 10 ** product.volumePrecision);
    return {
      symbol: product.symbol,
      time: at,
      price: toScaledPrice(this.#price, product.precision),
      volume: BigInt(Math.max(0, volume)),
    };
  }
}
