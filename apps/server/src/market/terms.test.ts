import { productTermsHistory, type UpdateProductRequest } from "@tickfair/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../operators/service";
import { ManualClock } from "../platform/clock";
import type { Operator } from "../platform/schema";
import type { TestDb } from "../test/harness";
import { updateProduct } from "./product-update";
import { buildMarketTestApp, createMarketTestDb } from "./testing";

let testDb: TestDb;
let admin: Operator;
const clock = new ManualClock("2026-01-05T08:00:00Z");
let app: Awaited<ReturnType<typeof buildMarketTestApp>>;

beforeAll(async () => {
  testDb = await createMarketTestDb();
  app = await buildMarketTestApp(testDb.db, clock);
  admin = await createOperator(testDb.db, clock, {
    username: "terms_admin",
    password: "operator-pass-1",
    role: "admin",
  });
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const history = async (symbol: string) => {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/market/products/${encodeURIComponent(symbol)}/terms-history`,
  });
  expect(response.statusCode).toBe(200);
  return productTermsHistory.parse(response.json());
};
const change = (symbol: string, input: Omit<UpdateProductRequest, "reason">) =>
  updateProduct(testDb.db, clock, admin, symbol, { ...input, reason: "Terms review" }, "en");

describe("the terms' versions", () => {
  it("start at version 1 from the catalogue, public to anyone without a session", async () => {
    const { items } = await history("eth-usdt");
    expect(items).toEqual([
      {
        version: 1,
        effectiveFrom: expect.any(String),
        durations: [
          { seconds: 30, payoutRateBps: 8000 },
          { seconds: 60, payoutRateBps: 8500 },
          { seconds: 180, payoutRateBps: 8800 },
          { seconds: 300, payoutRateBps: 9200 },
        ],
        minStake: "10.00",
        maxStake: "50000.00",
        reconstructed: false,
      },
    ]);
  });

  it("move with each change of durations, rates or stake limits, and not otherwise", async () => {
    const symbol = "XAU/USD";
    const start = (await history(symbol)).items[0];
    if (!start) throw new Error("no terms");
    const steps: [string, Omit<UpdateProductRequest, "reason">, boolean][] = [
      [
        "a rate",
        { durations: start.durations.map((d, i) => (i === 0 ? { ...d, payoutRateBps: 8100 } : d)) },
        true,
      ],
      ["the same table, given out of order", { durations: [] }, false],
      ["a duration added", { durations: [] }, true],
      ["the minimum stake", { minStake: "12.00" }, true],
      ["the maximum stake", { maxStake: "900.00" }, true],
      ["the same stakes again", { minStake: "12.00", maxStake: "900.00" }, false],
      ["the status only", { status: "maintenance" }, false],
      ["the trading hours only", { schedule: "always" }, false],
    ];
    let version = start.version;
    for (const [what, input, bumps] of steps) {
      clock.advance(60_000);
      const current = (await history(symbol)).items[0];
      if (!current) throw new Error("no terms");
      const filled =
        what === "the same table, given out of order"
          ? { durations: current.durations.toReversed() }
          : what === "a duration added"
            ? { durations: [...current.durations, { seconds: 600, payoutRateBps: 9300 }] }
            : input;
      const product = await change(symbol, filled);
      const { items } = await history(symbol);
      version += bumps ? 1 : 0;
      expect({ what, version: items[0]?.version, count: items.length }).toEqual({
        what,
        version,
        count: version,
      });
      // The current version's table is the product's terms, effective from the change that made it.
      expect(items[0]).toMatchObject({
        durations: product.durations,
        minStake: product.minStake,
        maxStake: product.maxStake,
        reconstructed: false,
      });
      if (bumps) expect(items[0]?.effectiveFrom).toBe(clock.now().toISOString());
    }
    const versions = (await history(symbol)).items.map((item) => item.version);
    expect(versions).toEqual(versions.toSorted((a, b) => b - a));
    // The products row names the newest version, which placement records on each contract.
    const row = await testDb.db
      .selectFrom("products")
      .select("payout_table_version")
      .where("symbol", "=", symbol)
      .executeTakeFirstOrThrow();
    expect(row.payout_table_version).toBe(version);
  });

  it("are kept as written: the database refuses to change or remove one", async () => {
    const refused = /append-only/;
    await expect(
      sql`update product_terms set min_stake = 1 where symbol = 'BTC/USDT'`.execute(testDb.db),
    ).rejects.toThrow(refused);
    await expect(sql`delete from product_terms where symbol = 'BTC/USDT'`.execute(testDb.db)).rejects.toThrow(
      refused,
    );
    await expect(sql`truncate product_terms cascade`.execute(testDb.db)).rejects.toThrow(refused);
  });

  it("cannot be bypassed: terms changed without a published version are refused at commit", async () => {
    const refused = /differs from its published terms/;
    await expect(
      sql`update products set max_stake = max_stake + 100 where symbol = 'BTC/USDT'`.execute(testDb.db),
    ).rejects.toThrow(refused);
    await expect(
      sql`update product_durations set payout_rate_bps = 9900 where symbol = 'BTC/USDT' and seconds = 60`.execute(
        testDb.db,
      ),
    ).rejects.toThrow(refused);
    await expect(
      sql`insert into product_durations (symbol, seconds, payout_rate_bps) values ('BTC/USDT', 900, 9500)`.execute(
        testDb.db,
      ),
    ).rejects.toThrow(refused);
    // A version with its row, in one transaction, is accepted.
    await testDb.db.transaction().execute(async (tx) => {
      await sql`update products set payout_table_version = 2, max_stake = 60000000 where symbol = 'BTC/USDT'`.execute(
        tx,
      );
      await sql`insert into product_terms (symbol, version, effective_from, durations, min_stake, max_stake)
        select 'BTC/USDT', 2, now(), durations, min_stake, 60000000 from product_terms
        where symbol = 'BTC/USDT' and version = 1`.execute(tx);
    });
    expect((await history("BTC/USDT")).items.map((item) => item.maxStake)).toEqual(["600000.00", "50000.00"]);
  });

  it("name an unknown product with PRODUCT_NOT_FOUND", async () => {
    for (const symbol of ["NOPE/USD", "", "%00", "x".repeat(64)]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/v1/market/products/${encodeURIComponent(symbol)}/terms-history`,
      });
      expect(response.statusCode, symbol).toBeLessThan(500);
      expect(response.statusCode, symbol).toBeGreaterThanOrEqual(400);
    }
    const unknown = await app.inject({
      method: "GET",
      url: "/api/v1/market/products/NOPE%2FUSD/terms-history",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: "PRODUCT_NOT_FOUND" } });
  });
});
