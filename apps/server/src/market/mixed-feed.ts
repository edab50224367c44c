import type { FeedListener, FeedSource } from "./feed";
import type { MarketLog } from "./feed-runner";
import type { MedianProduct } from "./median-feed";

export interface MixedFeedOptions {
  /** Prices every product that no exchange prices (its ticks for the others are dropped). */
  simulator: FeedSource;
  /** The products priced by exchanges, as configured now. */
  loadProducts: () => Promise<MedianProduct[]>;
  /** A feed for exactly these products (a MedianFeed in production). */
  createMedian: (products: MedianProduct[]) => FeedSource;
  /** How often the configuration is read again, so an operator's change applies without a restart. */
  reloadMs?: number;
  log: MarketLog;
}

/**
 * The feed of a whole installation: the simulator for simulated products, a median feed over the
 * configured exchange markets for the rest. Reads the configuration at start and every `reloadMs`, and
 * replaces the median feed when it changed.
 */
export class MixedFeed implements FeedSource {
  readonly name = "mixed";
  readonly #options: MixedFeedOptions;
  #real = new Set<string>();
  #median: FeedSource | null = null;
  #configuration = "";
  #emit: FeedListener | null = null;
  #timer: NodeJS.Timeout | null = null;
  #loading: Promise<void> | null = null;
  /** Until the configuration is read, the simulator's ticks wait: none may price a real market. */
  #configured = false;

  constructor(options: MixedFeedOptions) {
    this.#options = options;
  }

  start(emit: FeedListener): void {
    if (this.#emit) return;
    this.#emit = emit;
    this.#options.simulator.start((ticks) => {
      if (!this.#configured) return;
      const simulated = ticks.filter((tick) => !this.#real.has(tick.symbol));
      if (simulated.length > 0) emit(simulated);
    });
    void this.reload();
    this.#timer = setInterval(() => void this.reload(), this.#options.reloadMs ?? 5000);
    this.#timer.unref();
  }

  /** Reads the configuration and applies it if it changed (the timer's work; tests call it). */
  reload(): Promise<void> {
    this.#loading ??= this.#load().finally(() => (this.#loading = null));
    return this.#loading;
  }

  async #load(): Promise<void> {
    let products: MedianProduct[];
    try {
      products = await this.#options.loadProducts();
    } catch (error) {
      this.#options.log.warn({ err: error }, "market: reading the exchange feed configuration failed");
      return;
    }
    const configuration = JSON.stringify(products);
    const emit = this.#emit;
    if (!emit) return;
    this.#configured = true;
    if (configuration === this.#configuration) return;
    this.#configuration = configuration;
    this.#median?.stop();
    this.#real = new Set(products.map((product) => product.symbol));
    this.#median = products.length > 0 ? this.#options.createMedian(products) : null;
    this.#median?.start(emit);
    this.#options.log.info(
      { products: products.map((p) => p.symbol) },
      "market: exchange feeds (re)configured",
    );
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#options.simulator.stop();
    this.#median?.stop();
    this.#median = null;
    this.#configuration = "";
    this.#configured = false;
    this.#emit = null;
  }
}
