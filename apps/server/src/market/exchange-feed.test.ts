import type { OperatorProductList, Product, TickList } from "@tickfair/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { auditEntry } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { exchangeConnector } from "./exchanges";
import { BinanceTestServer } from "./exchanges/binance.testing";
import { OkxTestServer } from "./exchanges/okx.testing";
import { until } from "./exchanges/protocol-server.testing";
import { applyFeedHealth, loadMedianProducts } from "./feed-config";
import { MedianFeed } from "./median-feed";
import { openTestFeed } from "./testing";
import { recordTicks } from "./ticks";

/** An operator puts BTC/USDT on Binance and OKX; the ticks recorded from the two local servers cite their trades. */
const t = useTestApp({ FEED_ENABLED: false });
const API = "/api/v1/operator/market/products";
let admin: Record<string, string>;
let support: Record<string, string>;
const binance = new BinanceTestServer();
const okx = new OkxTestServer();

beforeAll(async () => {
  admin = (await operatorAuth(t, "admin")).headers;
  support = (await operatorAuth(t, "support")).headers;
});
afterAll(async () => {
  await Promise.all([binance.close(), okx.close()]);
});

const putFeed = (symbol: string, payload: object, headers = admin) =>
  t.app.inject({ method: "PUT", url: `${API}/${encodeURIComponent(symbol)}/feed`, payload, headers });

describe("exchange feeds configured by operators", () => {
  it("refuses duplicate sources, fewer sources than the minimum, unknown exchanges, and non-admins", async () => {
    const two = [
      { exchange: "binance", instrument: "BTCUSDT" },
      { exchange: "okx", instrument: "BTC-USDT" },
    ];
    const cases: [object, string][] = [
      [
        { sources: [two[0], { exchange: "binance", instrument: "btcusdt" }], minLiveSources: 1 },
        "FEED_SOURCES_INVALID",
      ],
      [{ sources: two, minLiveSources: 3 }, "FEED_SOURCES_INVALID"],
      [{ sources: [{ exchange: "kraken", instrument: "XBTUSD" }], minLiveSources: 1 }, "VALIDATION_FAILED"],
      [{ sources: [{ exchange: "okx", instrument: "BTC/USDT" }], minLiveSources: 1 }, "FEED_SOURCES_INVALID"],
    ];
    for (const [body, code] of cases) {
      const response = await putFeed("BTC/USDT", { ...body, reason: "Real prices for bitcoin" });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe(code);
    }
    const refused = await putFeed(
      "BTC/USDT",
      { sources: two, minLiveSources: 2, reason: "Real prices" },
      support,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("records ticks priced by the median of Binance and OKX trades, citing them, readable with the ticks", async () => {
    const set = await putFeed("btc-usdt", {
      sources: [
        { exchange: "binance", instrument: "btcusdt" },
        { exchange: "okx", instrument: "BTC-USDT" },
      ],
      minLiveSources: 2,
      reason: "Real prices for bitcoin",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Product>()).toMatchObject({
      symbol: "BTC/USDT",
      simulated: false,
      priceSources: ["binance", "okx"],
    });
    expect((await auditEntry(t.db, "market.product.feed")).reason).toBe("Real prices for bitcoin");
    const listed = await t.app.inject({ method: "GET", url: API, headers: support });
    expect(listed.json<OperatorProductList>().items.find((p) => p.symbol === "BTC/USDT")).toMatchObject({
      simulated: false,
      feedSources: [
        { exchange: "binance", instrument: "BTCUSDT" },
        { exchange: "okx", instrument: "BTC-USDT" },
      ],
      minLiveSources: 2,
      haltSilentSources: null,
    });

    const products = await loadMedianProducts(t.db);
    expect(products.map((p) => p.symbol)).toEqual(["BTC/USDT"]);
    const feed = new MedianFeed({
      products,
      clock: t.clock,
      connect: exchangeConnector({ urls: { binance: await binance.url(), okx: await okx.url() } }),
    });
    feed.start(() => {});
    try {
      await until(
        () => binance.open.length === 1 && okx.open.length === 1 && okx.open[0]?.subscriptions.size === 1,
      );
      await until(() => binance.open[0]?.subscriptions.size === 1);
      t.clock.advance(60_000);
      const tradeTime = new Date(t.clock.now().getTime() - 250);
      binance.trade("BTCUSDT", { id: 5_012_345_678, price: "67012.34000000", time: tradeTime });
      okx.trade("BTC-USDT", { id: "130639474", price: "67012.35", time: tradeTime });
      // Received means cited: wait until both reached the feed, then take one step.
      let ticks = feed.step(t.clock.now());
      await until(() => {
        ticks = feed.step(t.clock.now());
        return ticks[0]?.citations?.length === 2;
      });
      const stored = await recordTicks(t.db, ticks);
      expect(stored).toHaveLength(1);
      // (67012.34 + 67012.35) / 2 = 67012.345, rounded half up.
      expect(stored[0]?.priceText).toBe("67012.35");

      const read = await t.app.inject({
        method: "GET",
        url: `/api/v1/market/products/BTC-USDT/ticks?fromSeq=${stored[0]?.seq}`,
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<TickList>().items[0]).toMatchObject({
        price: "67012.35",
        hash: stored[0]?.hash,
        sources: [
          {
            exchange: "binance",
            instrument: "BTCUSDT",
            tradeId: "5012345678",
            price: "67012.34000000",
            time: tradeTime.toISOString(),
          },
          {
            exchange: "okx",
            instrument: "BTC-USDT",
            tradeId: "130639474",
            price: "67012.35",
            time: tradeTime.toISOString(),
          },
        ],
      });
    } finally {
      feed.stop();
    }
  });

  it("puts a product whose sources went silent into maintenance with the reason, and reopens it", async () => {
    const product = async () =>
      (await t.app.inject({ method: "GET", url: API, headers: support }))
        .json<OperatorProductList>()
        .items.find((p) => p.symbol === "BTC/USDT");
    // A feed still watching a source the product no longer has (its configuration is read every few
    // seconds) does not halt it; nor does one reporting on a simulated product.
    const stale = {
      symbol: "BTC/USDT",
      halted: true,
      live: [],
      silent: ["binance:BTCUSDT", "okx:BTC-USDC"],
      reason: "0 of 2 price sources live, 2 needed",
    };
    expect(await applyFeedHealth(t.db, t.clock.now(), stale)).toBe(false);
    expect(await applyFeedHealth(t.db, t.clock.now(), { ...stale, symbol: "SOL/USDT", silent: [] })).toBe(
      false,
    );
    expect(await product()).toMatchObject({ status: "open" });

    const halted = {
      symbol: "BTC/USDT",
      halted: true,
      live: [],
      silent: ["binance:BTCUSDT", "okx:BTC-USDT"],
      reason: "0 of 2 price sources live, 2 needed; silent: binance:BTCUSDT, okx:BTC-USDT",
    };
    expect(await applyFeedHealth(t.db, t.clock.now(), halted)).toBe(true);
    expect(await product()).toMatchObject({
      status: "maintenance",
      reopensAt: null,
      haltSilentSources: halted.silent,
    });
    const back = { ...halted, halted: false, live: halted.silent, silent: [], reason: null };
    expect(await applyFeedHealth(t.db, t.clock.now(), back)).toBe(true);
    expect(await product()).toMatchObject({ status: "open", haltSilentSources: null });
  });

  it("never lifts a maintenance an operator set", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: `${API}/SOL%2FUSDT`,
      payload: { status: "maintenance", reason: "Planned maintenance" },
      headers: admin,
    });
    expect(put.statusCode, put.body).toBe(200);
    const back = { symbol: "SOL/USDT", halted: false, live: ["binance:SOLUSDT"], silent: [], reason: null };
    expect(await applyFeedHealth(t.db, t.clock.now(), back)).toBe(false);
    const halted = { ...back, halted: true, reason: "0 of 2 price sources live" };
    // Nor does the feed overwrite it with a reason of its own.
    expect(await applyFeedHealth(t.db, t.clock.now(), halted)).toBe(false);
  });

  it("gives a halted product back to the simulator, open again, when its sources are removed", async () => {
    const silent = ["binance:BTCUSDT", "okx:BTC-USDT"];
    const halt = { symbol: "BTC/USDT", halted: true, live: [], silent, reason: "silent" };
    expect(await applyFeedHealth(t.db, t.clock.now(), halt)).toBe(true);
    // The simulator takes it back only under a chain committing its prices (chain-rule.test.ts).
    await openTestFeed(t.db, t.clock);
    const back = await putFeed("BTC/USDT", { sources: [], minLiveSources: 2, reason: "Back to simulated" });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>()).toMatchObject({ status: "open", simulated: true, priceSources: [] });
    expect(await loadMedianProducts(t.db)).toEqual([]);
    // The old feed's last report, read before it learnt of the change, leaves it open.
    expect(await applyFeedHealth(t.db, t.clock.now(), halt)).toBe(false);
    expect(
      await t.db
        .selectFrom("products")
        .select("status")
        .where("symbol", "=", "BTC/USDT")
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "open" });
  });
});

describe("a real-market product whose sources disagree", () => {
  const ETH_SOURCES = [
    { exchange: "binance", instrument: "ETHUSDT" },
    { exchange: "okx", instrument: "ETH-USDT" },
  ];
  const eth = async () =>
    (await t.app.inject({ method: "GET", url: API, headers: support }))
      .json<OperatorProductList>()
      .items.find((p) => p.symbol === "ETH/USDT");

  it("refuses bad halt thresholds, and sets good ones with the sources, audited", async () => {
    const bad: object[] = [
      { spikeSigmas: 4 },
      { spikeSigmas: 101 },
      { spikeSigmas: 12.5 },
      { spikeSigmas: "12" },
      { sourceToleranceBps: 4 },
      { sourceToleranceBps: 5001 },
      { sourceToleranceBps: null },
    ];
    for (const thresholds of bad) {
      const response = await putFeed("ETH/USDT", {
        sources: ETH_SOURCES,
        minLiveSources: 2,
        ...thresholds,
        reason: "Tighter halts",
      });
      expect(response.statusCode, JSON.stringify(thresholds)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect(await eth()).toMatchObject({ feedSources: [], spikeSigmas: 15, sourceToleranceBps: 100 });
    const refused = await putFeed(
      "ETH/USDT",
      { sources: ETH_SOURCES, minLiveSources: 2, spikeSigmas: 50, reason: "Looser halts" },
      support,
    );
    expect(refused.statusCode).toBe(403);

    const set = await putFeed("ETH/USDT", {
      sources: ETH_SOURCES,
      minLiveSources: 2,
      spikeSigmas: 12,
      sourceToleranceBps: 50,
      reason: "Real prices for ether, halting on a 0.5 % disagreement",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await eth()).toMatchObject({ spikeSigmas: 12, sourceToleranceBps: 50 });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["reason", "detail"])
      .where("action", "=", "market.product.feed")
      .where("target_id", "=", "ETH/USDT")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      reason: "Real prices for ether, halting on a 0.5 % disagreement",
      detail: {
        before: { spikeSigmas: 15, sourceToleranceBps: 100 },
        after: { spikeSigmas: 12, sourceToleranceBps: 50 },
      },
    });
  });

  it("halts on a source that lies, naming the sources and prices, and again after a reopening while it still lies", async () => {
    const feed = new MedianFeed({
      products: (await loadMedianProducts(t.db)).filter((p) => p.symbol === "ETH/USDT"),
      clock: t.clock,
      connect: exchangeConnector({ urls: { binance: await binance.url(), okx: await okx.url() } }),
    });
    feed.start(() => {});
    let id = 900;
    /** Both exchanges trade once, then the feed steps until it cites both trades; what is recorded. */
    const second = async (binancePrice: string, okxPrice: string) => {
      t.clock.advance(1000);
      const time = new Date(t.clock.now().getTime() - 100);
      id += 1;
      binance.trade("ETHUSDT", { id, price: binancePrice, time });
      okx.trade("ETH-USDT", { id: String(id), price: okxPrice, time });
      let ticks = feed.step(t.clock.now());
      await until(() => {
        ticks = feed.step(t.clock.now());
        return ticks[0]?.citations?.every((c) => c.tradeId === String(id)) === true;
      });
      return recordTicks(t.db, ticks);
    };
    const reopen = (reason: string) =>
      t.app.inject({
        method: "PUT",
        url: `${API}/ETH-USDT`,
        payload: { status: "open", reason },
        headers: admin,
      });
    try {
      await until(() => binance.open.some((peer) => peer.subscriptions.size > 0));
      await until(() => okx.open.some((peer) => peer.subscriptions.size > 0));
      expect(await second("3000.00", "3000.10")).toHaveLength(1);
      // OKX reports 3,020.00: 66.4 basis points from Binance, past the 50 allowed.
      expect(await second("3000.00", "3020.00")).toEqual([]);
      const halt = {
        kind: "disagreement",
        price: "3010.00",
        spreadBps: "66.4",
        toleranceBps: 50,
        trades: [
          { source: "binance:ETHUSDT", price: "3000.00" },
          { source: "okx:ETH-USDT", price: "3020.00" },
        ],
      };
      expect(await eth()).toMatchObject({ status: "maintenance", haltAnomaly: halt });
      const reason = async () =>
        (
          await t.db
            .selectFrom("feed_anomalies")
            .select("reason")
            .where("symbol", "=", "ETH/USDT")
            .orderBy("id", "desc")
            .executeTakeFirstOrThrow()
        ).reason;
      expect(await reason()).toBe(
        "price sources disagree by 66.4 bps (tolerance 50): binance:ETHUSDT 3,000.00, okx:ETH-USDT 3,020.00",
      );
      expect(await second("3000.00", "3020.00")).toEqual([]);

      // Reopened while OKX still lies: the next tick halts it again, on a fact of its own.
      expect((await reopen("Tried again")).statusCode).toBe(200);
      expect(await eth()).toMatchObject({ status: "open", haltAnomaly: null });
      expect(await second("3000.00", "3021.00")).toEqual([]);
      expect(await eth()).toMatchObject({
        status: "maintenance",
        haltAnomaly: { kind: "disagreement", spreadBps: "69.7" },
      });

      // OKX is right again: reopened, the product ticks.
      expect((await reopen("OKX fixed its feed")).statusCode).toBe(200);
      expect(await second("3000.00", "3000.20")).toMatchObject([{ priceText: "3000.10" }]);
    } finally {
      feed.stop();
    }
  });
});
