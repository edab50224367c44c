import { describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import type { ExchangeTrade } from "./exchanges/socket";
import { type FeedHealth, MedianFeed, type MedianProduct } from "./median-feed";

const BTC: MedianProduct = {
  symbol: "BTC/USDT",
  precision: 2,
  volumePrecision: 4,
  sources: [
    { exchange: "binance", instrument: "BTCUSDT" },
    { exchange: "okx", instrument: "BTC-USDT" },
    { exchange: "okx", instrument: "BTC-USDC" },
  ],
  minLiveSources: 2,
};

function feed(products: MedianProduct[] = [BTC]) {
  const clock = new ManualClock("2026-11-28T10:00:00Z");
  const health: FeedHealth[] = [];
  const median = new MedianFeed({
    products,
    clock,
    connect: () => ({ start() {}, stop() {} }),
    staleMs: 5000,
    onHealth: (h) => health.push(h),
  });
  let id = 0;
  const trade = (exchange: string, instrument: string, price: string, quantity = "0.5"): ExchangeTrade => {
    id += 1;
    const t = { exchange, instrument, tradeId: String(id), price, quantity, time: clock.now() };
    median.receive(t);
    return t;
  };
  return { clock, health, median, trade };
}

describe("median feed", () => {
  it("prices each tick as the median of the live sources and cites their latest trades", () => {
    const { clock, median, trade } = feed();
    trade("binance", "BTCUSDT", "67012.30000000");
    trade("okx", "BTC-USDT", "67012.4", "0.25");
    const spike = trade("okx", "BTC-USDC", "99999.9");
    clock.advance(1000);
    const [tick] = median.step(clock.now());
    // A spike on one source of three leaves the median where the other two are.
    expect(tick).toMatchObject({ symbol: "BTC/USDT", price: 6_701_240n, volume: 12_500n });
    expect(tick?.citations).toEqual([
      expect.objectContaining({
        exchange: "binance",
        instrument: "BTCUSDT",
        tradeId: "1",
        price: "67012.30000000",
      }),
      expect.objectContaining({ exchange: "okx", instrument: "BTC-USDT", tradeId: "2", price: "67012.4" }),
      { exchange: "okx", instrument: "BTC-USDC", tradeId: "3", price: "99999.9", time: spike.time },
    ]);
    // The volume counts the trades since the previous tick only.
    clock.advance(1000);
    expect(median.step(clock.now())[0]?.volume).toBe(0n);
  });

  it("drops a source silent past the stale time and takes the mean of the middle two", () => {
    const { clock, median, trade } = feed();
    trade("okx", "BTC-USDC", "67000.01");
    clock.advance(5001);
    trade("binance", "BTCUSDT", "67012.30");
    trade("okx", "BTC-USDT", "67012.45");
    const [tick] = median.step(clock.now());
    expect(tick?.price).toBe(6_701_238n);
    expect(tick?.citations?.map((c) => c.instrument)).toEqual(["BTCUSDT", "BTC-USDT"]);
  });

  it("keeps the latest trade by the exchange's time when trades arrive out of order", () => {
    const { clock, median } = feed();
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    median.receive({
      exchange: "binance",
      instrument: "BTCUSDT",
      tradeId: "9",
      price: "2.00",
      quantity: "1",
      time: at(0),
    });
    median.receive({
      exchange: "binance",
      instrument: "BTCUSDT",
      tradeId: "8",
      price: "1.00",
      quantity: "1",
      time: at(-5),
    });
    median.receive({
      exchange: "okx",
      instrument: "BTC-USDT",
      tradeId: "1",
      price: "2.00",
      quantity: "1",
      time: at(0),
    });
    expect(median.step(clock.now())[0]?.citations?.[0]?.tradeId).toBe("9");
  });

  it("halts a product below its minimum of live sources, with the reason, and lifts it when they return", () => {
    const { clock, health, median, trade } = feed();
    median.start(() => {});
    median.stop();
    trade("binance", "BTCUSDT", "67012.30");
    trade("okx", "BTC-USDT", "67012.40");
    expect(median.step(clock.now())).toHaveLength(1);
    expect(health).toEqual([expect.objectContaining({ halted: false, reason: null })]);
    clock.advance(4000);
    trade("binance", "BTCUSDT", "67012.50");
    clock.advance(2000);
    expect(median.step(clock.now())).toEqual([]);
    expect(health[1]).toEqual({
      symbol: "BTC/USDT",
      halted: true,
      live: ["binance:BTCUSDT"],
      silent: ["okx:BTC-USDT", "okx:BTC-USDC"],
      reason: "1 of 3 price sources live, 2 needed; silent: okx:BTC-USDT, okx:BTC-USDC",
    });
    // Reported once, not every second.
    clock.advance(1000);
    median.step(clock.now());
    expect(health).toHaveLength(2);
    trade("okx", "BTC-USDC", "67012.60");
    trade("binance", "BTCUSDT", "67012.70");
    expect(median.step(clock.now())).toHaveLength(1);
    expect(health[2]).toMatchObject({ halted: false, live: ["binance:BTCUSDT", "okx:BTC-USDC"] });
  });

  it("does not halt anything in the first stale time after a start, while the sockets connect", () => {
    const { clock, health, median } = feed();
    median.start(() => {});
    median.stop();
    clock.advance(4999);
    expect(median.step(clock.now())).toEqual([]);
    expect(health).toEqual([]);
    clock.advance(1);
    median.step(clock.now());
    expect(health).toMatchObject([{ halted: true }]);
  });
});
