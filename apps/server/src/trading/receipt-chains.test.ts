import type { Contract, ContractReceipt, OperatorProductList, ProductTermsHistory } from "@tickfair/contract";
import { seedChain, toHex, verifyReceipt } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { feedTick, openTestFeed, TEST_CHAIN, TEST_FAIRNESS_SECRET, tickAt } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { createBlobStore } from "../platform/s3-blob-store";
import { operatorAuth } from "../test/cashier-fixtures";
import { at, BTC, contractKit, ETH } from "../test/contract-kit";
import { testConfig, useTestApp } from "../test/harness";
import { contractReceipt, MAX_RECEIPT_TICKS } from "./receipt";

// No running feed: the test plays the chain tick by tick, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);
const PRODUCTS = "/api/v1/operator/market/products";
let admin: Record<string, string>;

const receiptOf = (id: string, auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/v1/trading/contracts/${id}/receipt`, headers: auth });
const setRates = (symbol: string, durations: { seconds: number; payoutRateBps: number }[]) =>
  t.app.inject({
    method: "PUT",
    url: `${PRODUCTS}/${encodeURIComponent(symbol)}`,
    payload: { durations, reason: "rates for the quarter" },
    headers: admin,
  });
const payoutTableVersionOf = async (symbol: string) =>
  (await t.app.inject({ method: "GET", url: PRODUCTS, headers: admin }))
    .json<OperatorProductList>()
    .items.find((p) => p.symbol === symbol)?.payoutTableVersion;

describe("a receipt's payout table", () => {
  it("names the terms' version the contract was placed under, published, moving with each change of rates or stakes", async () => {
    const start = nextHour();
    admin = (await operatorAuth(t, "admin")).headers;
    const user = await fundedUser("1000.00");
    const rates = [
      { seconds: 30, payoutRateBps: 8200 },
      { seconds: 60, payoutRateBps: 8500 },
    ];
    expect(await payoutTableVersionOf(ETH)).toBe(1);
    expect((await setRates(ETH, rates)).statusCode).toBe(200);
    expect(await payoutTableVersionOf(ETH)).toBe(2);
    // The same table again changes nothing, so its version stays.
    expect((await setRates(ETH, rates.toReversed())).statusCode).toBe(200);
    expect(await payoutTableVersionOf(ETH)).toBe(2);
    // A change of the stake limits is a new version of the terms too.
    const stakes = await t.app.inject({
      method: "PUT",
      url: `${PRODUCTS}/${encodeURIComponent(ETH)}`,
      payload: { maxStake: "15000.00", reason: "smaller tickets" },
      headers: admin,
    });
    expect(stakes.statusCode).toBe(200);
    expect(await payoutTableVersionOf(ETH)).toBe(3);
    t.clock.set(new Date(start.getTime() + 1000));
    const first = (await place(user.auth, order({ symbol: ETH, durationSeconds: 30 }))).json<Contract>();
    expect((await setRates(ETH, [{ seconds: 30, payoutRateBps: 9000 }])).statusCode).toBe(200);
    expect(await payoutTableVersionOf(ETH)).toBe(4);
    const second = (await place(user.auth, order({ symbol: ETH, durationSeconds: 30 }))).json<Contract>();
    expect([first.payoutRateBps, second.payoutRateBps]).toEqual([8200, 9000]);

    const recorded = await t.db
      .selectFrom("contracts")
      .select(["id", "payout_table_version"])
      .where("id", "in", [BigInt(first.id), BigInt(second.id)])
      .orderBy("id")
      .execute();
    expect(recorded.map((row) => row.payout_table_version)).toEqual([3, 4]);
    // Each receipt names its own table, beside its rate.
    t.clock.set(new Date(start.getTime() + 10 * 60_000));
    await settle();
    for (const [contract, version] of [
      [first, 3],
      [second, 4],
    ] as const) {
      const receipt = (await receiptOf(contract.id, user.auth)).json<ContractReceipt>();
      expect(receipt.contract).toMatchObject({
        payoutRateBps: contract.payoutRateBps,
        payoutTableVersion: version,
      });
      expect(verifyReceipt(receipt).ok).toBe(true);
      // The version it names is published, with the very rate the contract got.
      const history = await t.app.inject({
        method: "GET",
        url: `/api/v1/market/products/${encodeURIComponent(ETH)}/terms-history`,
      });
      const published = history.json<ProductTermsHistory>().items.find((item) => item.version === version);
      expect(published?.durations).toContainEqual({ seconds: 30, payoutRateBps: contract.payoutRateBps });
    }
  });
});

describe("a receipt's size", () => {
  it("is bounded: a contract with more ticks than the bound gets RECEIPT_TOO_LARGE, one at it gets its receipt", async () => {
    // The longest duration at one tick a second, entry and exit included.
    expect(MAX_RECEIPT_TICKS).toBe(86_401);
    const start = nextHour();
    const user = await fundedUser("1000.00");
    await recordTicks(t.db, [feedTick(BTC, at(start, 0), 9_000_000n)]);
    const placed = (await place(user.auth, order({ durationSeconds: 30 }))).json<Contract>();
    await recordTicks(
      t.db,
      [1000, 11_000, 21_000, 31_000, 32_000].map((ms, i) =>
        feedTick(BTC, at(start, ms), 9_000_000n + BigInt(i)),
      ),
    );
    t.clock.set(new Date(at(start, 32_000)));
    expect(await settle()).toHaveLength(1);
    const ticks = (await receiptOf(placed.id, user.auth)).json<ContractReceipt>().ticks.length;
    expect(ticks).toBe(4);
    const id = BigInt(placed.id);
    const archives = createBlobStore(testConfig());
    const whole = await contractReceipt(t.db, archives, user.userId, id, t.clock.now(), ticks);
    expect(whole.ticks).toHaveLength(ticks);
    await expect(
      contractReceipt(t.db, archives, user.userId, id, t.clock.now(), ticks - 1),
    ).rejects.toMatchObject({
      code: "RECEIPT_TOO_LARGE",
    });
  });
});

// Last in the file: from here on the products' ticks are the chains'.
describe("a receipt across a chain's hand-over to its successor", () => {
  it("carries both chains, each checked on its own anchor, the successor opening at the predecessor's last price", async () => {
    // On an epoch's first instant, so the feed hands over every tick from there.
    t.clock.set(new Date(Math.ceil(nextHour().getTime() / 10_000) * 10_000).toISOString());
    const next = new Uint8Array(32).fill(41);
    // Three ten-second epochs, then the successor, published 30 s ahead.
    const short = { ...TEST_CHAIN, length: 3, noticeMs: 15_000 };
    const feed = await openTestFeed(t.db, t.clock, TEST_FAIRNESS_SECRET, short, next);
    // The feed moves on to the successor when the chain ends: this is the first chain's.
    const { startsAt: start, anchor } = feed.chain;
    for (let s = 0; s <= 21; s++) await tickAt(feed, t.db, t.clock, start + s * 1000);
    const user = await fundedUser("1000.00");
    t.clock.set(new Date(start + 21_500));
    // Entry at 22 s in the chain's last epoch, expiry at 52 s in the successor's third.
    const placed = (await place(user.auth, order({ durationSeconds: 30 }))).json<Contract>();
    // The successor's last epoch ends at 60 s: from then every seed of both chains is out.
    for (let s = 22; s <= 61; s++) await tickAt(feed, t.db, t.clock, start + s * 1000);
    expect(await settle()).toHaveLength(1);

    const receipt = (await receiptOf(placed.id, user.auth)).json<ContractReceipt>();
    expect(receipt.version).toBe(2);
    const successorAnchor = toHex(seedChain(next, 3)[0] as Uint8Array);
    expect(
      receipt.fairness?.map((s) => [
        s.anchor,
        s.chainStartsAt,
        s.chainLength,
        s.successor,
        s.epochs.map((e) => e.index),
      ]),
    ).toEqual([
      [anchor, new Date(start).toISOString(), 3, false, [3]],
      [successorAnchor, new Date(start + 30_000).toISOString(), 3, true, [1, 2, 3]],
    ]);
    expect(receipt.ticks).toHaveLength(31);
    const verification = verifyReceipt(JSON.parse(JSON.stringify(receipt)));
    expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verification.checks.map((c) => c.name)).toEqual(expect.arrayContaining(["seeds", "prices"]));

    // A successor said to start an epoch later than its predecessor ends is refused.
    const late = structuredClone(receipt);
    const successor = late.fairness?.[1];
    if (!successor) throw new Error("the receipt has the successor's segment");
    successor.chainStartsAt = new Date(start + 40_000).toISOString();
    expect(verifyReceipt(late).checks.find((c) => !c.ok)).toMatchObject({
      name: "seeds",
      reason: `the chain ${successorAnchor} does not start where its predecessor ends`,
    });
    // An opening of the successor other than the predecessor's last price is refused.
    const reopened = structuredClone(receipt);
    const first = reopened.fairness?.[1]?.epochs[0];
    if (!first) throw new Error("the receipt has the successor's first epoch");
    first.opening = first.opening.endsWith("1")
      ? `${first.opening.slice(0, -1)}2`
      : `${first.opening.slice(0, -1)}1`;
    expect(verifyReceipt(reopened).checks.find((c) => !c.ok)?.name).toBe("prices");
    expect(BTC).toBe(receipt.contract.symbol);
  });
});
