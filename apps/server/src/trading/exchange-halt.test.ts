import type { ContractReceipt } from "@tickfair/contract";
import { verifyReceipt } from "@tickfair/verify";
import { beforeAll, describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { applyFeedHealth } from "../market/feed-config";
import { type FeedHealth, MedianFeed } from "../market/median-feed";
import { recordTicks } from "../market/ticks";
import { operatorAuth } from "../test/cashier-fixtures";
import { BTC, contractKit } from "../test/contract-kit";
import { useTestApp } from "../test/harness";

// No simulated feed: BTC/USDT is priced here by a median feed the test hands trades to.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order, contractsOf } = contractKit(t);

const SOURCES = [
  { exchange: "binance", instrument: "BTCUSDT" },
  { exchange: "okx", instrument: "BTC-USDT" },
] as const;

beforeAll(async () => {
  const configured = await t.app.inject({
    method: "PUT",
    url: `/api/v1/operator/market/products/${encodeURIComponent(BTC)}/feed`,
    payload: { sources: SOURCES, minLiveSources: 2, reason: "Real prices for bitcoin" },
    headers: (await operatorAuth(t, "admin")).headers,
  });
  expect(configured.statusCode, configured.body).toBe(200);
});

/** A median feed over Binance and OKX for BTC/USDT, handed trades by the test, stepped a second at a time. */
function medianDesk() {
  const health: FeedHealth[] = [];
  const feed = new MedianFeed({
    products: [
      {
        symbol: BTC,
        precision: 2,
        volumePrecision: 4,
        sources: [...SOURCES],
        minLiveSources: 2,
      },
    ],
    clock: t.clock,
    connect: () => ({ start() {}, stop() {} }),
    staleMs: 5000,
    onHealth: (h) => health.push(h),
  });
  let id = 0;
  const trades = (...prices: string[]) => {
    for (const [n, { exchange, instrument }] of SOURCES.entries()) {
      id += 1;
      feed.receive({
        exchange,
        instrument,
        tradeId: String(id),
        price: prices[n] ?? prices[0] ?? "0",
        quantity: "0.1",
        time: t.clock.now(),
      });
    }
  };
  /** One second of the feed as the leader runs it: a step, its health applied, its ticks recorded. */
  const second = async () => {
    t.clock.advance(1000);
    const ticks = feed.step(t.clock.now());
    for (const h of health.splice(0)) await applyFeedHealth(t.db, t.clock.now(), h);
    return recordTicks(t.db, ticks);
  };
  return { trades, second };
}

describe("a real-market product whose sources all fall silent", () => {
  it("goes into maintenance with the reason, records nothing, voids the contract across the gap, and resumes", async () => {
    nextHour();
    const { trades, second } = medianDesk();

    trades("95000.00");
    await second();
    const user = await fundedUser("100.00");
    expect((await place(user.auth, order({ stake: "40.00" }))).statusCode).toBe(201);
    trades("95000.10");
    expect(await second()).toHaveLength(1);
    await settle();
    expect(await contractsOf(user.userId)).toEqual([{ status: "open" }]);

    // Both exchanges go quiet: after the stale time the product halts and nothing is recorded.
    const silentFrom = t.clock.now().getTime();
    // Their last trades count until the stale time (5 s) has passed, then nothing more is priced.
    let priced = 0;
    while ((await second()).length > 0) priced += 1;
    expect(priced).toBe(4);
    while (t.clock.now().getTime() - silentFrom < 90_000) expect(await second()).toEqual([]);
    const halted = await t.app.inject({ method: "GET", url: "/api/v1/market/products/BTC-USDT" });
    expect(halted.json()).toMatchObject({ status: "maintenance", pausedFor: "price_sources_down" });
    const row = await t.db
      .selectFrom("products")
      .select(["status", "halt_silent_sources"])
      .where("symbol", "=", BTC)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "maintenance",
      halt_silent_sources: "binance:BTCUSDT, okx:BTC-USDT",
    });
    const refused = await place(user.auth, order({ stake: "10.00" }));
    expect(refused.statusCode).toBe(409);

    // They come back: the product reopens by itself and ticks resume.
    trades("95100.00");
    await second();
    trades("95100.00");
    expect(await second()).toHaveLength(1);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/market/products/BTC-USDT" })).json(),
    ).toMatchObject({ status: "open" });

    // No tick near the expiry (a minute after entry): the contract is void and the stake returned.
    expect(await settle()).toMatchObject([{ result: "void", payout: 4_000n }]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
  });
});

describe("a real-market contract's receipt", () => {
  it("cites each tick's trades, verifies offline, and is refused with one cited price changed", async () => {
    nextHour();
    const { trades, second } = medianDesk();
    trades("95000.00", "95000.20");
    await second();
    const user = await fundedUser("100.00");
    const placed = await place(user.auth, order({ stake: "40.00" }));
    expect(placed.statusCode).toBe(201);
    for (let n = 0; n < 62; n++) {
      trades(`95${String(n % 10)}00.00`, `95${String(n % 10)}00.40`);
      await second();
    }
    expect(await settle()).toHaveLength(1);
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/v1/trading/contracts/${placed.json().id}/receipt`,
      headers: user.auth,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const receipt = answer.json<ContractReceipt>();
    expect(receipt.fairness).toBeNull();
    expect(receipt.sources?.map((tick) => tick.seq)).toEqual(receipt.ticks.map((tick) => tick.seq));
    // Two sources: the tick is the mean of the two trades, 0.20 above the lower.
    expect(receipt.sources?.[0]?.trades.map((trade) => trade.exchange)).toEqual(["binance", "okx"]);
    expect(receipt.ticks[0]?.price).toBe(`${receipt.sources?.[0]?.trades[0]?.price.slice(0, -3)}.20`);
    const verified = verifyReceipt(receipt);
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(verified.checks.find((check) => check.name === "sources")).toMatchObject({ ok: true });

    const forged = structuredClone(receipt);
    const trade = forged.sources?.[1]?.trades[0];
    if (!trade) throw new Error("the receipt cites no trade");
    trade.price = "1.00";
    const refused = verifyReceipt(forged);
    expect(refused.ok).toBe(false);
    expect(refused.checks.find((check) => check.name === "sources")).toMatchObject({
      ok: false,
      seq: forged.ticks[1]?.seq,
    });
  });
});
