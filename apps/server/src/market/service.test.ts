import { beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../operators/service";
import { ManualClock } from "../platform/clock";
import type { Operator } from "../platform/schema";
import { useTestDb } from "../test/harness";
import { CATALOGUE } from "./catalogue";
import { updateProduct } from "./product-update";
import { seedCatalogue } from "./seed";
import { getProduct, listProducts } from "./service";
import { createMarketTestDb, feedTick, openTestFeed } from "./testing";
import { recordTicks } from "./ticks";

const testDb = useTestDb(createMarketTestDb);
let admin: Operator;
const clock = new ManualClock("2026-01-05T08:00:00Z");
beforeAll(async () => {
  admin = await createOperator(testDb.db, clock, {
    username: "market_admin",
    password: "operator-pass-1",
    role: "admin",
  });
});
const update = (input: Parameters<typeof updateProduct>[4], symbol = "GBP/USD") =>
  updateProduct(testDb.db, clock, admin, symbol, input, "en");

describe("catalogue seeding", () => {
  it("adds the ten products once, with their durations, and never overwrites an operator's change", async () => {
    expect(await seedCatalogue(testDb.db)).toEqual([]);
    const products = await listProducts(testDb.db, clock.now(), { locale: "en" });
    expect(products.map((p) => p.symbol)).toEqual(CATALOGUE.map((p) => p.symbol));
    expect(products[0]).toMatchObject({
      symbol: "BTC/USDT",
      name: "Bitcoin",
      category: "crypto",
      precision: 2,
      status: "open",
      reopensAt: null,
      minStake: "10.00",
      maxStake: "50000.00",
      simulated: true,
      ticker: null,
      durations: [
        { seconds: 30, payoutRateBps: 8000 },
        { seconds: 60, payoutRateBps: 8500 },
        { seconds: 180, payoutRateBps: 8800 },
        { seconds: 300, payoutRateBps: 9200 },
      ],
    });
    await update({ minStake: "20.00", reason: "Terms review" }, "SOL/USDT");
    await seedCatalogue(testDb.db);
    expect((await getProduct(testDb.db, clock.now(), "SOL/USDT", "en")).minStake).toBe("20.00");
  });
});

describe("product search", () => {
  const search = async (q: string, locale: "en" | "zh-CN" = "en") =>
    (await listProducts(testDb.db, clock.now(), { q, locale })).map((p) => p.symbol);

  it("finds by the name in the current language, in any language, or by symbol, ignoring case", async () => {
    expect(await search("黄金", "zh-CN")).toEqual(["XAU/USD"]);
    expect(await search("比特币", "zh-CN")).toEqual(["BTC/USDT"]);
    expect(await search("ethereum")).toEqual(["ETH/USDT"]);
    expect(await search("SILVER")).toEqual(["XAG/USD"]);
    // Another language's name matches too, whatever the request's language.
    expect(await search("黄金", "en")).toEqual(["XAU/USD"]);
    expect(await search("Or", "en")).toContain("XAU/USD");
    expect(await search("eur/usd")).toEqual(["EUR/USD"]);
    expect(await search("btcusdt")).toEqual(["BTC/USDT"]);
    expect(await search("usdt")).toEqual(["BTC/USDT", "ETH/USDT", "SOL/USDT"]);
    expect(await search("us500")).toEqual(["US500"]);
    expect(await search("no such thing")).toEqual([]);
  });

  it("names each product in the request's language", async () => {
    const [zh] = await listProducts(testDb.db, clock.now(), { q: "XAU", locale: "zh-CN" });
    const [ja] = await listProducts(testDb.db, clock.now(), { q: "XAU", locale: "ja" });
    expect(zh?.name).toBe("黄金");
    expect(ja?.name).toBe("金（ゴールド）");
    expect(zh?.names.de).toBe("Gold");
  });
});

describe("product status", () => {
  it("closes FX, metals and the index at the weekend with the next opening; crypto stays open", async () => {
    const saturday = new Date("2026-01-03T12:00:00Z");
    const products = await listProducts(testDb.db, saturday, { locale: "en" });
    const status = Object.fromEntries(products.map((p) => [p.symbol, [p.status, p.reopensAt]]));
    expect(status["BTC/USDT"]).toEqual(["open", null]);
    expect(status["EUR/USD"]).toEqual(["closed", "2026-01-04T22:00:00.000Z"]);
    expect(status["XAU/USD"]).toEqual(["closed", "2026-01-04T22:00:00.000Z"]);
    expect(status.US500).toEqual(["closed", "2026-01-04T22:00:00.000Z"]);
    const monday = await listProducts(testDb.db, new Date("2026-01-05T08:00:00Z"), {
      q: "EUR",
      locale: "en",
    });
    expect(monday[0]?.status).toBe("open");
  });

  it("includes the ticker once the product has ticks", async () => {
    await recordTicks(testDb.db, [feedTick("ETH/USDT", "2026-01-05T07:59:00Z", 3300_00n, 1_000n)]);
    const eth = await getProduct(testDb.db, clock.now(), "eth-usdt", "en");
    expect(eth.ticker).toMatchObject({ symbol: "ETH/USDT", price: "3300.00", seq: "1", volume24h: "1.000" });
  });
});

describe("operator product update", () => {
  it("stores status, reopening, durations and stakes, audited with before and after", async () => {
    const durations = [
      { seconds: 60, payoutRateBps: 8600 },
      { seconds: 120, payoutRateBps: 8700 },
    ];
    const stakes = { minStake: "5.00", maxStake: "100.00" };
    // Durations given out of order come back in order.
    const updated = await update({
      status: "maintenance",
      reopensAt: "2026-01-05T10:00:00Z",
      durations: durations.toReversed(),
      ...stakes,
      reason: "liquidity provider upgrade",
    });
    expect(updated).toMatchObject({
      status: "maintenance",
      reopensAt: "2026-01-05T10:00:00.000Z",
      durations,
      ...stakes,
    });
    const audit = await testDb.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "market.product.update")
      .where("target_id", "=", "GBP/USD")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      operator_id: admin.id,
      target_type: "product",
      reason: "liquidity provider upgrade",
    });
    expect(audit.detail).toMatchObject({
      before: {
        status: "open",
        minStake: "10.00",
        durations: [{ seconds: 30 }, { seconds: 60 }, { seconds: 180 }, { seconds: 300 }],
        payoutTableVersion: 1,
      },
      after: {
        status: "maintenance",
        reopensAt: "2026-01-05T10:00:00.000Z",
        minStake: "5.00",
        payoutTableVersion: 2,
      },
    });
    // It reopens by itself at the time given, and an operator can reopen it earlier.
    expect((await getProduct(testDb.db, new Date("2026-01-05T10:00:00Z"), "GBP/USD", "en")).status).toBe(
      "open",
    );
    // Only under a chain committing its prices (chain-rule.test.ts).
    await openTestFeed(testDb.db, clock);
    const reopened = await update({ status: "open", reason: "Feed back" });
    expect(reopened).toMatchObject({ status: "open", reopensAt: null, minStake: "5.00" });
    // Maintenance without a time lasts until an operator reopens.
    const indefinite = await update({ status: "maintenance", reason: "Feed down" });
    expect(indefinite).toMatchObject({ status: "maintenance", reopensAt: null });
  });

  it("refuses inconsistent changes with a code and changes nothing", async () => {
    const attempt = (input: Omit<Parameters<typeof updateProduct>[4], "reason">, symbol = "AUD/USD") =>
      update({ ...input, reason: "Terms review" }, symbol).then(
        () => "accepted",
        (error: { code?: string }) => error.code,
      );
    expect(await attempt({ minStake: "500.00", maxStake: "100.00" })).toBe("STAKE_RANGE_INVALID");
    expect(await attempt({ minStake: "30000.00" })).toBe("STAKE_RANGE_INVALID");
    expect(
      await attempt({
        durations: [
          { seconds: 60, payoutRateBps: 8000 },
          { seconds: 60, payoutRateBps: 9000 },
        ],
      }),
    ).toBe("DURATIONS_INVALID");
    expect(await attempt({ status: "maintenance", reopensAt: "2026-01-05T07:00:00Z" })).toBe(
      "REOPENS_AT_INVALID",
    );
    expect(await attempt({ status: "open", reopensAt: "2026-01-05T09:00:00Z" })).toBe("REOPENS_AT_INVALID");
    expect(await attempt({ status: "open" }, "NOPE")).toBe("PRODUCT_NOT_FOUND");
    const aud = await getProduct(testDb.db, clock.now(), "AUD/USD", "en");
    expect(aud).toMatchObject({ status: "open", minStake: "10.00", maxStake: "20000.00" });
    expect(aud.durations).toHaveLength(4);
  });
});
