import type { ClientMessage } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { ChannelSocket, Followers, PublicChannel } from "../platform/realtime";
import type { MarketBus } from "./bus";
import { productTicks, toWireTick } from "./product-ticks";
import { findProduct } from "./service";
import type { StoredTick } from "./stored-tick";
import { latestTickers } from "./tickers";

const TICKERS_EVERY_MS = 1000;
const BACKFILL_LIMIT = 1000;
/** All products' tickers: one channel with one topic. */
const TICKERS = "tickers";
const ALL = "";
/** One product's ticks: its symbol is the topic. */
const TICKS = "ticks";

/**
 * The market's public channels on the socket: tickers for all products (at most one message a
 * second, read and encoded once for all followers) and one product's ticks as they are recorded, with
 * a backfill from the last sequence a client saw.
 */
export class MarketChannel implements PublicChannel {
  readonly answers: readonly ClientMessage["type"][] = [
    "subscribe.tickers",
    "unsubscribe.tickers",
    "subscribe.product",
    "unsubscribe.product",
  ];
  #tickersTimer: NodeJS.Timeout | null = null;
  #lastTickersAt = 0;

  constructor(private readonly deps: { db: Db; clock: Clock; bus: MarketBus }) {}

  start(followers: Followers): () => void {
    const stopListening = this.deps.bus.onTicks((ticks) => this.#onTicks(followers, ticks));
    return () => {
      stopListening();
      if (this.#tickersTimer) clearTimeout(this.#tickersTimer);
      this.#tickersTimer = null;
    };
  }

  async answer(message: ClientMessage, socket: ChannelSocket): Promise<void> {
    switch (message.type) {
      case "subscribe.tickers": {
        socket.follow(TICKERS, ALL);
        const tickers = await latestTickers(this.deps.db, this.deps.clock.now());
        socket.send({ type: "tickers", at: new Date().toISOString(), items: [...tickers.values()] });
        return;
      }
      case "unsubscribe.tickers":
        socket.unfollow(TICKERS);
        return;
      case "subscribe.product": {
        const product = await findProduct(this.deps.db, message.symbol).catch(() => null);
        if (!product) {
          socket.send({ type: "error", code: "PRODUCT_NOT_FOUND" });
          return;
        }
        socket.follow(TICKS, product.symbol);
        if (message.fromSeq !== undefined) {
          const missed = await productTicks(this.deps.db, product.symbol, {
            fromSeq: (BigInt(message.fromSeq) + 1n).toString(),
            limit: BACKFILL_LIMIT,
          });
          socket.send({ type: "ticks", symbol: product.symbol, items: missed.items });
        }
        return;
      }
      case "unsubscribe.product":
        socket.unfollow(TICKS);
        return;
      default:
        return;
    }
  }

  /** Followers of a product get its ticks at once (encoded once per product), tickers at most once a second. */
  #onTicks(followers: Followers, ticks: readonly StoredTick[]): void {
    const bySymbol = new Map<string, StoredTick[]>();
    for (const tick of ticks) {
      const list = bySymbol.get(tick.symbol);
      if (list) list.push(tick);
      else bySymbol.set(tick.symbol, [tick]);
    }
    for (const [symbol, mine] of bySymbol) {
      if (followers.has(TICKS, symbol))
        followers.send(TICKS, symbol, { type: "ticks", symbol, items: mine.map(toWireTick) });
    }
    this.#scheduleTickers(followers);
  }

  #scheduleTickers(followers: Followers): void {
    if (this.#tickersTimer) return;
    const wait = Math.max(0, this.#lastTickersAt + TICKERS_EVERY_MS - Date.now());
    this.#tickersTimer = setTimeout(() => {
      this.#tickersTimer = null;
      this.#lastTickersAt = Date.now();
      void this.#sendTickers(followers);
    }, wait);
  }

  async #sendTickers(followers: Followers): Promise<void> {
    if (!followers.has(TICKERS, ALL)) return;
    const tickers = await latestTickers(this.deps.db, this.deps.clock.now());
    followers.send(TICKERS, ALL, {
      type: "tickers",
      at: new Date().toISOString(),
      items: [...tickers.values()],
    });
  }
}
