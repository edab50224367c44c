import { candleList, product, tickList } from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import type { TestDb } from "../test/harness";
import { silentLog } from "./feed-runner";
import { recordClosedHistory } from "./history";
import { createMarket } from "./running";
import {
  buildMarketTestApp,
  createMarketTestDb,
  feedTick,
  TEST_CHAIN,
  TEST_FAIRNESS_SECRET,
} from "./testing";
import { recordTicks } from "./ticks";

/**
 * A closed market (the FX week's weekend) still shows what a trader needs: the last price, the last
 * session's 24H figures and chart, and when it opens again.
 */
let testDb: TestDb;
let app: FastifyInstance;
// Sunday noon: the FX week closed on Friday at 22:00 UTC, more than a day before.
const clock = new ManualClock("2026-01-04T12:00:00Z");
const REOPENS = "2026-01-04T22:00:00.000Z";

beforeAll(async () => {
  testDb = await createMarketTestDb();
  app = await buildMarketTestApp(testDb.db, clock);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const get = async (url: string) => {
  const response = await app.inject({ method: "GET", url, headers: { "accept-language": "en" } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};
const path = (symbol: string) => `/api/v1/market/products/${encodeURIComponent(symbol)}`;

describe("a closed market", () => {
  it("keeps its last price, its last session's 24H figures and candles, and tells when it reopens", async () => {
    await recordTicks(testDb.db, [
      feedTick("EUR/USD", "2026-01-02T20:00:00Z", 1_05000n, 100_000n),
      feedTick("EUR/USD", "2026-01-02T21:00:00Z", 1_05400n, 200_000n),
      feedTick("EUR/USD", "2026-01-02T21:59:30Z", 1_05200n, 300_000n),
      // After the close: not recorded.
      feedTick("EUR/USD", "2026-01-02T22:00:30Z", 1_09999n, 900_000n),
    ]);
    const eur = product.parse(await get(path("EUR/USD")));
    expect(eur).toMatchObject({ status: "closed", reopensAt: REOPENS });
    expect(eur.ticker).toMatchObject({
      price: "1.05200",
      time: "2026-01-02T21:59:30.000Z",
      open24h: "1.05000",
      high24h: "1.05400",
      low24h: "1.05000",
      change24h: "0.19",
    });
    expect(Number(eur.ticker?.volume24h)).toBeGreaterThan(0);
    const candles = candleList.parse(await get(`${path("EUR/USD")}/candles?interval=1m`));
    expect(candles.items.map((c) => c.close)).toEqual(["1.05000", "1.05400", "1.05200"]);
    const ticks = tickList.parse(await get(`${path("EUR/USD")}/ticks?limit=300`));
    expect(ticks.items).toHaveLength(3);
  });

  it("opened on a fresh platform at the weekend, shows a simulated last session instead of nothing", async () => {
    const saturday = new Date("2026-01-03T02:47:00Z");
    clock.set(saturday);
    // The feed records it as it starts, before its first live tick.
    const market = createMarket(
      { db: testDb.db, clock, log: silentLog },
      {
        feedEnabled: true,
        platformTimeZone: "UTC",
        feedSeed: "closed-market-test",
        fairness: TEST_CHAIN,
        loadSecret: () => TEST_FAIRNESS_SECRET,
      },
    );
    await market.start();
    await market.stop();

    const xau = product.parse(await get(path("XAU/USD")));
    expect(xau).toMatchObject({ status: "closed", reopensAt: REOPENS, simulated: true });
    // The session's last minute before Friday's close.
    expect(xau.ticker?.time).toBe("2026-01-02T21:59:00.000Z");
    expect(xau.ticker?.high24h).not.toBe(xau.ticker?.low24h);
    expect(Number(xau.ticker?.volume24h)).toBeGreaterThan(0);
    const ticks = tickList.parse(await get(`${path("XAU/USD")}/ticks?limit=300`));
    expect(ticks.items).toHaveLength(300);
    expect(ticks.items.every((t) => t.time < "2026-01-02T22:00:00.000Z")).toBe(true);
    const candles = candleList.parse(await get(`${path("XAU/USD")}/candles?interval=1h&limit=100`));
    expect(candles.items).toHaveLength(24);
    // EUR/USD keeps its own ticks; the crypto markets are open and start with the live feed.
    expect(product.parse(await get(path("EUR/USD"))).ticker?.seq).toBe("3");
    expect(product.parse(await get(path("BTC/USDT"))).ticker).toBeNull();
    // The chain it then plays opens where the session closed.
    const chain = await testDb.db.selectFrom("fairness_chains").select("products").executeTakeFirstOrThrow();
    expect(chain.products.find((p) => p.symbol === "XAU/USD")?.openingPrice).toBe(
      xau.ticker?.price.replace(".", ""),
    );

    // Once is enough: a restart adds nothing to a chain that has begun.
    expect(await recordClosedHistory(testDb.db, saturday, { seed: "closed-market-test" })).toEqual([]);
    expect(product.parse(await get(path("XAU/USD"))).ticker?.seq).toBe(xau.ticker?.seq);
  });
});
