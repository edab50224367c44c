import { candleList, chainVerification, product, productList, tickList } from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import type { TestDb } from "../test/harness";
import { createEnrolledOperator, signInOperatorThroughService } from "../test/operator-fixtures";
import { buildMarketTestApp, createMarketTestDb, feedTick } from "./testing";
import { recordTicks } from "./ticks";

let testDb: TestDb;
let app: FastifyInstance;
const clock = new ManualClock("2026-01-05T08:10:00Z");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let adminAuth: { authorization: string };
let supportAuth: { authorization: string };

beforeAll(async () => {
  testDb = await createMarketTestDb();
  app = await buildMarketTestApp(testDb.db, clock);
  const admin = await createEnrolledOperator(testDb.db, clock, { username: "m_admin", role: "admin" });
  const support = await createEnrolledOperator(testDb.db, clock, { username: "m_support", role: "support" });
  adminAuth = bearer(await signInOperatorThroughService(testDb.db, clock, admin));
  supportAuth = bearer(await signInOperatorThroughService(testDb.db, clock, support));
  // Ten minutes of BTC, one tick every 10 s, and one EUR/USD tick.
  for (let i = 0; i < 60; i++) {
    const time = new Date(Date.parse("2026-01-05T08:00:00Z") + i * 10_000).toISOString();
    await recordTicks(testDb.db, [feedTick("BTC/USDT", time, BigInt(95_000_00 + i * 100), 1234n)]);
  }
  await recordTicks(testDb.db, [feedTick("EUR/USD", "2026-01-05T08:00:00Z", 1_05000n, 100000n)]);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
const BTC = "/api/v1/market/products/BTC%2FUSDT";

describe("public market routes", () => {
  it("list products with tickers, in the request's language, and search them", async () => {
    const response = await get("/api/v1/market/products", { "accept-language": "zh-CN" });
    expect(response.statusCode).toBe(200);
    const body = productList.parse(response.json());
    expect(body.items).toHaveLength(10);
    const btc = body.items[0];
    expect(btc).toMatchObject({ symbol: "BTC/USDT", name: "比特币", status: "open", simulated: true });
    expect(btc?.ticker).toMatchObject({
      price: "95059.00",
      seq: "60",
      open24h: "95000.00",
      high24h: "95059.00",
      low24h: "95000.00",
      change24h: "0.06",
      volume24h: "7.4040",
    });
    const found = await get(`/api/v1/market/products?q=${encodeURIComponent("黄金")}`);
    expect(found.json().items.map((p: { symbol: string }) => p.symbol)).toEqual(["XAU/USD"]);
    expect(
      (await get("/api/v1/market/products?q=Eur", { "accept-language": "en" })).json().items[0].name,
    ).toBe("Euro / US Dollar");
  });

  it("serve one product by its symbol, however it is written", async () => {
    for (const url of [BTC, "/api/v1/market/products/btc-usdt", "/api/v1/market/products/BTCUSDT"]) {
      const response = await get(url, { "accept-language": "de" });
      expect(response.statusCode).toBe(200);
      expect(product.parse(response.json())).toMatchObject({ symbol: "BTC/USDT", name: "Bitcoin" });
    }
  });

  it("serve candles, oldest first", async () => {
    const response = await get(`${BTC}/candles?interval=5m&limit=5`);
    expect(response.statusCode).toBe(200);
    const body = candleList.parse(response.json());
    expect(body.interval).toBe("5m");
    expect(body.items).toEqual([
      {
        time: "2026-01-05T08:00:00.000Z",
        open: "95000.00",
        high: "95029.00",
        low: "95000.00",
        close: "95029.00",
        volume: "3.7020",
      },
      {
        time: "2026-01-05T08:05:00.000Z",
        open: "95030.00",
        high: "95059.00",
        low: "95030.00",
        close: "95059.00",
        volume: "3.7020",
      },
    ]);
    expect(candleList.parse((await get(`${BTC}/candles`)).json()).items).toHaveLength(10);
    // Half hours from the epoch; the week from Monday 00:00 on the platform's clock (the default
    // PLATFORM_TZ, Shanghai, aligned as the app started).
    for (const [interval, time] of [
      ["30m", "2026-01-05T08:00:00.000Z"],
      ["1w", "2026-01-04T16:00:00.000Z"],
    ]) {
      const items = candleList.parse((await get(`${BTC}/candles?interval=${interval}`)).json()).items;
      expect(items).toEqual([
        { time, open: "95000.00", high: "95059.00", low: "95000.00", close: "95059.00", volume: "7.4040" },
      ]);
    }
  });

  it("serve ticks by seq or time, and each served tick's hash recomputes from its own fields", async () => {
    const bySeq = tickList.parse((await get(`${BTC}/ticks?fromSeq=10&limit=3`)).json()).items;
    expect(bySeq.map((t) => t.seq)).toEqual(["10", "11", "12"]);
    const { createHash } = await import("node:crypto");
    for (const t of bySeq) {
      const text = `${t.prevHash}|${t.symbol}|${t.seq}|${t.time}|${t.price}`;
      expect(createHash("sha256").update(text).digest("hex")).toBe(t.hash);
    }
    expect(bySeq[1]?.prevHash).toBe(bySeq[0]?.hash);
    const byTime = tickList.parse(
      (await get(`${BTC}/ticks?from=2026-01-05T08:01:00Z&to=2026-01-05T08:01:20Z`)).json(),
    ).items;
    expect(byTime.map((t) => t.time)).toEqual([
      "2026-01-05T08:01:00.000Z",
      "2026-01-05T08:01:10.000Z",
      "2026-01-05T08:01:20.000Z",
    ]);
    const latest = tickList.parse((await get(`${BTC}/ticks?limit=2`)).json()).items;
    expect(latest.map((t) => t.seq)).toEqual(["59", "60"]);
  });

  it("verify a range of the chain", async () => {
    const response = await get(`${BTC}/verify?fromSeq=1&toSeq=60`);
    expect(response.statusCode).toBe(200);
    expect(chainVerification.parse(response.json())).toEqual({
      symbol: "BTC/USDT",
      fromSeq: "1",
      toSeq: "60",
      checked: 60,
      valid: true,
      firstMismatchSeq: null,
    });
    expect((await get(`${BTC}/verify?fromSeq=55&toSeq=999`)).json()).toMatchObject({
      toSeq: "60",
      checked: 6,
    });
  });

  it.each([
    ["an unknown symbol", "/api/v1/market/products/NOPE%2FUSD", 404, "PRODUCT_NOT_FOUND"],
    ["an unknown symbol's candles", "/api/v1/market/products/NOPE/candles", 404, "PRODUCT_NOT_FOUND"],
    ["an unknown symbol's ticks", "/api/v1/market/products/XX/ticks", 404, "PRODUCT_NOT_FOUND"],
    ["a symbol of only separators", "/api/v1/market/products/---", 404, "PRODUCT_NOT_FOUND"],
    ["a very long symbol", `/api/v1/market/products/${"A".repeat(80)}`, 400, "VALIDATION_FAILED"],
    ["a bad interval", `${BTC}/candles?interval=2m`, 400, "VALIDATION_FAILED"],
    ["limit 0", `${BTC}/candles?limit=0`, 400, "VALIDATION_FAILED"],
    ["a huge limit", `${BTC}/candles?limit=100000`, 400, "VALIDATION_FAILED"],
    ["a non-numeric limit", `${BTC}/ticks?limit=ten`, 400, "VALIDATION_FAILED"],
    ["ticks limit 0", `${BTC}/ticks?limit=0`, 400, "VALIDATION_FAILED"],
    ["a malformed fromSeq", `${BTC}/ticks?fromSeq=-1`, 400, "RANGE_INVALID"],
    ["fromSeq 0", `${BTC}/ticks?fromSeq=0`, 400, "RANGE_INVALID"],
    ["fromSeq beyond int8", `${BTC}/ticks?fromSeq=99999999999999999999`, 400, "RANGE_INVALID"],
    ["a malformed time", `${BTC}/ticks?from=yesterday`, 400, "RANGE_INVALID"],
    ["both fromSeq and from", `${BTC}/ticks?fromSeq=1&from=2026-01-05T08:00:00Z`, 400, "RANGE_INVALID"],
    ["from after to", `${BTC}/ticks?from=2026-01-05T09:00:00Z&to=2026-01-05T08:00:00Z`, 400, "RANGE_INVALID"],
    [
      "a huge time range",
      `${BTC}/ticks?from=2020-01-01T00:00:00Z&to=2026-01-05T08:00:00Z`,
      400,
      "RANGE_TOO_LARGE",
    ],
    ["verify without a range", `${BTC}/verify`, 400, "VALIDATION_FAILED"],
    ["verify fromSeq > toSeq", `${BTC}/verify?fromSeq=10&toSeq=5`, 400, "RANGE_INVALID"],
    ["verify fromSeq 0", `${BTC}/verify?fromSeq=0&toSeq=5`, 400, "RANGE_INVALID"],
    ["verify a huge range", `${BTC}/verify?fromSeq=1&toSeq=1000000`, 400, "RANGE_TOO_LARGE"],
    ["verify beyond the chain", `${BTC}/verify?fromSeq=61&toSeq=70`, 400, "RANGE_INVALID"],
    [
      "verify a product without ticks",
      "/api/v1/market/products/SOL%2FUSDT/verify?fromSeq=1&toSeq=2",
      400,
      "RANGE_INVALID",
    ],
    ["a too long search", `/api/v1/market/products?q=${"x".repeat(41)}`, 400, "VALIDATION_FAILED"],
  ])("answer %s with a 4xx and a code", async (_name, url, status, code) => {
    const response = await get(url, { "accept-language": "fr" });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toEqual(expect.any(String));
  });

  it("localise error messages", async () => {
    const response = await get("/api/v1/market/products/NOPE", { "accept-language": "zh-CN" });
    expect(response.json().error.message).toBe("该产品不存在。");
  });
});

describe("operator product settings", () => {
  const put = (payload: unknown, headers: Record<string, string> = adminAuth, symbol = "USD%2FJPY") =>
    app.inject({
      method: "PUT",
      url: `/api/v1/operator/market/products/${symbol}`,
      payload: { reason: "Terms review", ...(payload as object) },
      headers,
    });

  it("let an admin change status, durations and stakes", async () => {
    const response = await put({
      status: "maintenance",
      reopensAt: "2026-01-05T20:00:00+08:00",
      durations: [{ seconds: 60, payoutRateBps: 8800 }],
      minStake: "20.00",
      maxStake: "2000.00",
    });
    expect(response.statusCode).toBe(200);
    expect(product.parse(response.json())).toMatchObject({
      symbol: "USD/JPY",
      status: "maintenance",
      reopensAt: "2026-01-05T12:00:00.000Z",
      durations: [{ seconds: 60, payoutRateBps: 8800 }],
      minStake: "20.00",
      maxStake: "2000.00",
    });
    expect((await get("/api/v1/market/products/USDJPY")).json().status).toBe("maintenance");
  });

  it("refuse anyone but an admin, and bad changes, each with a code", async () => {
    expect((await put({ status: "open" }, {})).json().error.code).toBe("UNAUTHENTICATED");
    const support = await put({ status: "open" }, supportAuth);
    expect(support.statusCode).toBe(403);
    expect(support.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    expect((await put({ status: "open" }, adminAuth, "NOPE")).statusCode).toBe(404);
    expect((await put({ minStake: "0" })).json().error.code).toBe("AMOUNT_INVALID");
    expect((await put({ minStake: "1.001" })).json().error.code).toBe("AMOUNT_INVALID");
    expect((await put({ durations: [] })).statusCode).toBe(400);
    expect((await put({ durations: [{ seconds: 60, payoutRateBps: 0 }] })).statusCode).toBe(400);
    expect((await put({ status: "closed" })).statusCode).toBe(400);
    expect((await put({ status: "maintenance", reopensAt: "soon" })).json().error.code).toBe("RANGE_INVALID");
  });

  it("offer no way to set a price or a tick", async () => {
    // The body is strict: a price, a tick or an outcome cannot ride along.
    for (const extra of [{ price: "1.00" }, { ticks: [] }, { lastPrice: "1" }, { outcome: "up" }]) {
      const response = await put({ status: "open", ...extra });
      expect(response.statusCode).toBe(400);
      const feed = await app.inject({
        method: "PUT",
        url: "/api/v1/operator/market/products/USD%2FJPY/feed",
        headers: adminAuth,
        payload: { sources: [], minLiveSources: 1, reason: "No price here", ...extra },
      });
      expect(feed.statusCode).toBe(400);
    }
    // Every route the market registers: reads, the settings route above, and the one choosing which
    // exchanges' trades price a product (its body is strict too: sources, a minimum, a reason).
    const { paths } = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(paths)
      .filter(([path]) => path.includes("market"))
      .flatMap(([path, item]) =>
        ["post", "put", "patch", "delete"].filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`),
      );
    expect(writes.sort()).toEqual([
      "PUT /api/v1/operator/market/products/{symbol}",
      "PUT /api/v1/operator/market/products/{symbol}/feed",
    ]);
    for (const method of ["POST", "PATCH", "DELETE"] as const) {
      for (const url of [
        `${BTC}/ticks`,
        BTC,
        "/api/v1/market/ticks",
        "/api/v1/operator/market/products/BTC%2FUSDT",
      ]) {
        expect((await app.inject({ method, url, payload: { price: "1" } })).statusCode).toBe(404);
      }
    }
  });
});
