import { describe, expect, it } from "vitest";
import type { FeedListener, FeedSource, FeedTick } from "./feed";
import { silentLog } from "./feed-runner";
import type { MedianProduct } from "./median-feed";
import { MixedFeed } from "./mixed-feed";
import { feedTick } from "./testing";

class ManualSource implements FeedSource {
  emit: FeedListener | null = null;
  stopped = 0;
  constructor(readonly name: string) {}
  start(emit: FeedListener): void {
    this.emit = emit;
  }
  stop(): void {
    this.emit = null;
    this.stopped += 1;
  }
}

const product = (symbol: string, instrument: string): MedianProduct => ({
  symbol,
  precision: 2,
  volumePrecision: 4,
  sources: [{ exchange: "binance", instrument }],
  minLiveSources: 1,
});

describe("mixed feed", () => {
  it("drops the simulator's ticks of exchange-priced products and follows configuration changes", async () => {
    let configured: MedianProduct[] = [product("BTC/USDT", "BTCUSDT")];
    const simulator = new ManualSource("simulated");
    const medians: { products: MedianProduct[]; source: ManualSource }[] = [];
    const feed = new MixedFeed({
      simulator,
      loadProducts: async () => configured,
      createMedian: (products) => {
        const source = new ManualSource("exchanges");
        medians.push({ products, source });
        return source;
      },
      reloadMs: 60_000,
      log: silentLog,
    });
    const emitted: FeedTick[] = [];
    feed.start((ticks) => emitted.push(...ticks));
    // Before the configuration is read, no simulated tick may slip into a real market.
    simulator.emit?.([feedTick("BTC/USDT", "2026-11-28T09:59:59Z", 9n)]);
    expect(emitted).toEqual([]);
    await feed.reload();
    expect(medians.map((m) => m.products.map((p) => p.symbol))).toEqual([["BTC/USDT"]]);

    const simulated = [
      feedTick("BTC/USDT", "2026-11-28T10:00:00Z", 1n),
      feedTick("ETH/USDT", "2026-11-28T10:00:00Z", 2n),
    ];
    simulator.emit?.(simulated);
    medians[0]?.source.emit?.([feedTick("BTC/USDT", "2026-11-28T10:00:00Z", 3n)]);
    expect(emitted.map((t) => [t.symbol, t.price])).toEqual([
      ["ETH/USDT", 2n],
      ["BTC/USDT", 3n],
    ]);

    // Unchanged: the connections stay. Changed: replaced. Emptied: the simulator has them all again.
    await feed.reload();
    expect(medians).toHaveLength(1);
    configured = [product("BTC/USDT", "BTCUSDT"), product("ETH/USDT", "ETHUSDT")];
    await feed.reload();
    expect(medians).toHaveLength(2);
    expect(medians[0]?.source.stopped).toBe(1);
    configured = [];
    await feed.reload();
    emitted.length = 0;
    simulator.emit?.(simulated);
    expect(emitted.map((t) => t.symbol)).toEqual(["BTC/USDT", "ETH/USDT"]);
    expect(medians[1]?.source.stopped).toBe(1);

    feed.stop();
    expect(simulator.stopped).toBe(1);
  });

  it("keeps its configuration when reading it fails", async () => {
    let fail = false;
    const medians: ManualSource[] = [];
    const feed = new MixedFeed({
      simulator: new ManualSource("simulated"),
      loadProducts: async () => {
        if (fail) throw new Error("database away");
        return [product("BTC/USDT", "BTCUSDT")];
      },
      createMedian: () => {
        const source = new ManualSource("exchanges");
        medians.push(source);
        return source;
      },
      reloadMs: 60_000,
      log: silentLog,
    });
    feed.start(() => {});
    await feed.reload();
    fail = true;
    await feed.reload();
    expect(medians).toHaveLength(1);
    expect(medians[0]?.stopped).toBe(0);
    feed.stop();
  });
});
