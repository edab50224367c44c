import type { Clock } from "../platform/clock";
import type { ExchangeTrade } from "./exchanges/socket";
import type { FeedListener, FeedSource, FeedTick } from "./feed";
import { medianPrice, truncatedQuantity } from "./median";

/** One market on one exchange that a product's price is taken from. */
export interface SourceRef {
  exchange: string;
  instrument: string;
}

export const sourceKey = (source: SourceRef): string => `${source.exchange}:${source.instrument}`;

export interface MedianProduct {
  symbol: string;
  precision: number;
  volumePrecision: number;
  sources: readonly SourceRef[];
  /** Fewer live sources than this and the product gets no tick and is halted. */
  minLiveSources: number;
}

/** A product's feed health, reported when it changes between enough and too few live sources. */
export interface FeedHealth {
  symbol: string;
  halted: boolean;
  live: string[];
  silent: string[];
  /** Why the product is halted, for operators and the log; null when it runs. */
  reason: string | null;
}

/** A running connection to one exchange (ExchangeSocket in production). */
export interface ExchangeConnection {
  start(): void;
  stop(): void;
}

export type ConnectExchange = (
  exchange: string,
  instruments: string[],
  onTrade: (trade: ExchangeTrade) => void,
) => ExchangeConnection;

export interface MedianFeedOptions {
  products: readonly MedianProduct[];
  clock: Clock;
  connect: ConnectExchange;
  intervalMs?: number;
  /** A source whose latest trade arrived longer ago than this is not live (default 5 s). */
  staleMs?: number;
  onHealth?: (health: FeedHealth) => void;
}

interface LatestTrade {
  trade: ExchangeTrade;
  /** When it arrived here: liveness is judged on our clock, so a skewed exchange clock cannot fake it. */
  receivedAt: number;
}

/**
 * Real-market ticks: once an interval, each product's price is the median of the latest trade prices of
 * its live sources, and the tick cites those trades. One connection per exchange carries all of its
 * instruments. Below a product's minimum of live sources it gets no tick, and `onHealth` reports it
 * halted (once, after a first grace of `staleMs` so a start does not halt everything); it reports it
 * running again when enough sources are back.
 */
export class MedianFeed implements FeedSource {
  readonly name = "exchanges";
  readonly #options: MedianFeedOptions;
  readonly #latest = new Map<string, LatestTrade>();
  /** Quantity traded per source since the last tick, at each product's volume precision on use. */
  readonly #traded = new Map<string, string[]>();
  readonly #halted = new Map<string, boolean>();
  readonly #connections: ExchangeConnection[] = [];
  #timer: NodeJS.Timeout | null = null;
  #startedAt = 0;

  constructor(options: MedianFeedOptions) {
    this.#options = options;
  }

  get #staleMs(): number {
    return this.#options.staleMs ?? 5000;
  }

  /** Takes in one trade (what each connection calls). Older trades than the latest seen are not cited. */
  receive(trade: ExchangeTrade): void {
    const key = sourceKey(trade);
    const latest = this.#latest.get(key);
    this.#traded.set(key, [...(this.#traded.get(key) ?? []), trade.quantity]);
    if (latest && latest.trade.time > trade.time) return;
    this.#latest.set(key, { trade, receivedAt: this.#options.clock.now().getTime() });
  }

  /** The ticks at `at`: what the timer emits each interval, and what tests call by hand. */
  step(at: Date): FeedTick[] {
    const ticks: FeedTick[] = [];
    for (const product of this.#options.products) {
      const live: LatestTrade[] = [];
      const silent: string[] = [];
      for (const source of product.sources) {
        const latest = this.#latest.get(sourceKey(source));
        if (latest && at.getTime() - latest.receivedAt <= this.#staleMs) live.push(latest);
        else silent.push(sourceKey(source));
      }
      const enough = live.length >= product.minLiveSources && live.length > 0;
      this.#report(product, at, enough, live, silent);
      const traded = product.sources.flatMap((source) => this.#traded.get(sourceKey(source)) ?? []);
      for (const source of product.sources) this.#traded.delete(sourceKey(source));
      if (!enough) continue;
      ticks.push({
        symbol: product.symbol,
        time: at,
        price: medianPrice(
          live.map(({ trade }) => trade.price),
          product.precision,
        ),
        volume: traded.reduce((sum, q) => sum + truncatedQuantity(q, product.volumePrecision), 0n),
        citations: live.map(({ trade }) => ({
          exchange: trade.exchange,
          instrument: trade.instrument,
          tradeId: trade.tradeId,
          price: trade.price,
          time: trade.time,
        })),
      });
    }
    return ticks;
  }

  #report(product: MedianProduct, at: Date, enough: boolean, live: LatestTrade[], silent: string[]): void {
    // Unknown at first: the first verdict is always reported, so a restart also lifts an earlier halt.
    const wasHalted = this.#halted.get(product.symbol);
    if (wasHalted !== undefined && enough === !wasHalted) return;
    if (!enough && at.getTime() - this.#startedAt < this.#staleMs) return;
    this.#halted.set(product.symbol, !enough);
    const liveKeys = live.map(({ trade }) => sourceKey(trade));
    this.#options.onHealth?.({
      symbol: product.symbol,
      halted: !enough,
      live: liveKeys,
      silent,
      reason: enough
        ? null
        : `${live.length} of ${product.sources.length} price sources live, ${product.minLiveSources} needed; silent: ${silent.join(", ")}`,
    });
  }

  start(emit: FeedListener): void {
    if (this.#timer) return;
    this.#startedAt = this.#options.clock.now().getTime();
    const byExchange = new Map<string, string[]>();
    for (const product of this.#options.products) {
      for (const source of product.sources) {
        const instruments = byExchange.get(source.exchange) ?? [];
        if (!instruments.includes(source.instrument)) instruments.push(source.instrument);
        byExchange.set(source.exchange, instruments);
      }
    }
    for (const [exchange, instruments] of byExchange) {
      const connection = this.#options.connect(exchange, instruments, (trade) => this.receive(trade));
      this.#connections.push(connection);
      connection.start();
    }
    this.#timer = setInterval(() => {
      const ticks = this.step(this.#options.clock.now());
      if (ticks.length > 0) emit(ticks);
    }, this.#options.intervalMs ?? 1000);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const connection of this.#connections.splice(0)) connection.stop();
  }
}
