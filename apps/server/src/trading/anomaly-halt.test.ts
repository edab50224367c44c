import type { ContractReceipt, OperatorProductList } from "@tickfair/contract";
import { verifyReceipt } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { openTestFeed } from "../market/testing";
import { verifyChain } from "../market/tick-chain-check";
import { recordTicks } from "../market/ticks";
import { operatorAuth } from "../test/cashier-fixtures";
import { BTC, contractKit, ETH } from "../test/contract-kit";
import { useTestApp } from "../test/harness";

// No feed: the test records the ticks a second apart, as a feed would hand them over.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);
const PRODUCTS = "/api/v1/operator/market/products";
let admin: Record<string, string>;

/** Each test starts an hour on, past an operator's session: an admin signs in for it. */
async function nextHourSignedIn() {
  nextHour();
  admin = (await operatorAuth(t, "admin")).headers;
}

/**
 * One second later, a tick of `symbol` at `price` (cents): what is stored of it. A real market's
 * (`cited`) cites a Binance and an OKX trade at that price.
 */
const tick = async (price: bigint, symbol = BTC, cited = symbol === ETH) => {
  t.clock.advance(1000);
  const time = t.clock.now();
  const text = `${price / 100n}.${String(price % 100n).padStart(2, "0")}`;
  const trade = (exchange: string, instrument: string) => ({
    exchange,
    instrument,
    tradeId: String(time.getTime()),
    price: text,
    time,
  });
  const citations = cited
    ? [trade("binance", symbol.replace("/", "")), trade("okx", symbol.replace("/", "-"))]
    : undefined;
  return recordTicks(t.db, [{ symbol, time, price, volume: 0n, ...(citations ? { citations } : {}) }]);
};
/** A calm market: the price and 2.00 above it by turns (3 basis points for bitcoin, 7 for ether). */
const calm = async (seconds: number, price: bigint, symbol = BTC, cited = symbol === ETH) => {
  for (let s = 0; s < seconds; s++)
    expect(await tick(price + BigInt(s % 2) * 200n, symbol, cited)).toHaveLength(1);
};
const productOf = async (symbol: string) =>
  (await t.app.inject({ method: "GET", url: PRODUCTS, headers: admin }))
    .json<OperatorProductList>()
    .items.find((p) => p.symbol === symbol);
const reopen = (symbol: string, reason: string) =>
  t.app.inject({
    method: "PUT",
    url: `${PRODUCTS}/${encodeURIComponent(symbol)}`,
    payload: { status: "open", reason },
    headers: admin,
  });
/** Moves `symbol` to the real market's two exchanges, with `settings` (thresholds and the reason). */
const feedFromExchanges = (symbol: string, settings: { spikeSigmas?: number; reason: string }) =>
  t.app.inject({
    method: "PUT",
    url: `${PRODUCTS}/${symbol.replace("/", "-")}/feed`,
    payload: {
      sources: [
        { exchange: "binance", instrument: symbol.replace("/", "") },
        { exchange: "okx", instrument: symbol.replace("/", "-") },
      ],
      minLiveSources: 2,
      ...settings,
    },
    headers: admin,
  });
const latestAudit = (action: string, symbol: string) =>
  t.db
    .selectFrom("audit_log")
    .select(["reason", "detail"])
    .where("action", "=", action)
    .where("target_id", "=", symbol)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
const receiptOf = async (id: string, auth: Record<string, string>) =>
  (
    await t.app.inject({ method: "GET", url: `/api/v1/trading/contracts/${id}/receipt`, headers: auth })
  ).json<ContractReceipt>();
const headSeq = async (symbol: string) =>
  BigInt(
    (
      await t.db
        .selectFrom("ticks")
        .select((eb) => eb.fn.max("seq").as("seq"))
        .where("symbol", "=", symbol)
        .executeTakeFirstOrThrow()
    ).seq ?? 0,
  );

describe("a tick far past the product's recent volatility", () => {
  it("is refused and halts the product with the reason; the contracts across the halt void with their stakes", async () => {
    await nextHourSignedIn();
    await calm(30, 6_701_235n);
    const user = await fundedUser("100.00");
    const across = await place(user.auth, order({ stake: "40.00", durationSeconds: 60 }));
    expect(across.statusCode, across.body).toBe(201);
    await calm(10, 6_701_235n);
    // Its entry would have been the jump: it gets none.
    const waiting = await place(user.auth, order({ stake: "10.00", direction: "down" }));
    expect(waiting.statusCode, waiting.body).toBe(201);

    expect(await tick(7_140_000n)).toEqual([]);
    const product = await productOf(BTC);
    expect(product).toMatchObject({
      status: "maintenance",
      setStatus: "maintenance",
      reopensAt: null,
      haltSilentSources: null,
      haltAnomaly: {
        kind: "spike",
        at: t.clock.now().toISOString(),
        price: "71400.00",
        previousPrice: "67014.35",
        limitSigmas: 15,
      },
    });
    const sigmas = product?.haltAnomaly?.kind === "spike" ? product.haltAnomaly.sigmas : "";
    expect(Number(sigmas)).toBeGreaterThan(15);
    const fact = await t.db
      .selectFrom("feed_anomalies")
      .select(["reason", "kind", "price"])
      .where("symbol", "=", BTC)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(fact).toEqual({
      kind: "spike",
      price: "71400.00",
      reason: `price moved ${sigmas}σ in one tick: 67,014.35 → 71,400.00`,
    });
    // The phone says why, in the user's language, from this.
    const shown = await t.app.inject({ method: "GET", url: "/api/v1/market/products/BTC-USDT" });
    expect(shown.json()).toMatchObject({
      status: "maintenance",
      reopensAt: null,
      pausedFor: "unusual_price",
    });
    const refused = await place(user.auth, order({ stake: "10.00" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("PRODUCT_CLOSED");

    // The source goes on at the new level: nothing is recorded while the product is halted.
    for (let s = 0; s < 130; s++) expect(await tick(7_140_000n)).toEqual([]);
    expect(await productOf(BTC)).toMatchObject({ status: "maintenance" });
    const settled = await settle();
    expect(settled.map((s) => [s.result, s.payout]).sort()).toEqual([
      ["void", 1_000n],
      ["void", 4_000n],
    ]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    for (const placed of [across, waiting]) {
      const receipt = await receiptOf(placed.json().id, user.auth);
      expect(receipt.contract).toMatchObject({ result: "void", exit: null });
      expect(verifyReceipt(receipt)).toMatchObject({ ok: true });
    }
    expect(await verifyChain(t.db, BTC, 1n, await headSeq(BTC))).toMatchObject({ valid: true });

    // An operator reopens it (simulated prices, so under a committed chain): audited, the anomaly cleared.
    await openTestFeed(t.db, t.clock);
    const reopened = await reopen(BTC, "Checked the exchanges: the new level is real");
    expect(reopened.statusCode, reopened.body).toBe(200);
    const audit = await latestAudit("market.product.update", BTC);
    expect(audit.reason).toBe("Checked the exchanges: the new level is real");
    expect(audit.detail).toMatchObject({ before: { status: "maintenance" }, after: { status: "open" } });
    expect(await productOf(BTC)).toMatchObject({ status: "open", haltAnomaly: null, pausedFor: null });
    expect(await tick(7_140_000n)).toHaveLength(1);
  });

  it("voids a contract whose window holds the refused tick although the product reopened before its expiry", async () => {
    await nextHourSignedIn();
    const sources = await feedFromExchanges(ETH, { spikeSigmas: 12, reason: "Real prices for ether" });
    expect(sources.statusCode, sources.body).toBe(200);
    await calm(30, 300_000n, ETH);
    const user = await fundedUser("100.00");
    const across = await place(user.auth, order({ symbol: ETH, stake: "40.00", durationSeconds: 60 }));
    expect(across.statusCode, across.body).toBe(201);
    await calm(10, 300_000n, ETH);
    expect(await tick(330_000n, ETH)).toEqual([]);
    expect(await productOf(ETH)).toMatchObject({
      status: "maintenance",
      haltAnomaly: { kind: "spike", previousPrice: "3002.00", price: "3300.00", limitSigmas: 12 },
    });

    // Reopened within seconds: the window restarts, so the new level is recorded and not halted again.
    t.clock.advance(5_000);
    expect((await reopen(ETH, "Both exchanges confirm the move")).statusCode).toBe(200);
    // Without the restart, this tick would be judged against the calm before the jump and refused.
    for (let s = 0; s < 50; s++) expect(await tick(330_000n + BigInt(s % 2) * 200n, ETH)).toHaveLength(1);
    // Up from 3,002.00 to 3,300.00 would have won: the price between was refused, so it is void.
    expect(await settle()).toMatchObject([{ result: "void", payout: 4_000n }]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    const receipt = await receiptOf(across.json().id, user.auth);
    expect(verifyReceipt(receipt)).toMatchObject({ ok: true });
  });

  it("starts the volatility window afresh when a product moves to other price sources", async () => {
    await nextHourSignedIn();
    const SOL = "SOL/USDT";
    // Simulated at 150.00 a minute ago, the real market trades at 165.00: a new level, not a jump.
    await calm(30, 15_000n, SOL);
    const moved = await feedFromExchanges(SOL, { reason: "Real prices for solana" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await tick(16_500n, SOL, true)).toHaveLength(1);
    expect(await productOf(SOL)).toMatchObject({ status: "open", haltAnomaly: null });
    // Changing only the thresholds keeps the window: the calm at the new level is judged, a jump halts.
    await calm(25, 16_500n, SOL, true);
    const tightened = await feedFromExchanges(SOL, { spikeSigmas: 10, reason: "Halt sooner" });
    expect(tightened.statusCode, tightened.body).toBe(200);
    // About 12σ of a market moving 1.2 % a second: past the new 10, within the old 15.
    expect(await tick(19_300n, SOL, true)).toEqual([]);
    expect(await productOf(SOL)).toMatchObject({ haltAnomaly: { kind: "spike", limitSigmas: 10 } });
  });
});
