import { fairness } from "@tickfair/contract";
import { epochPath, fromHex, PATH_ALGORITHM, seedChain, stepVolatilityPpm, toHex } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue";
import { at, expectEpochMatchesRecord, START, seedsInDb, setup } from "./fairness.testing";
import { FairnessRefusal } from "./fairness-secret";
import { formatScaled } from "./prices";
import { feedTick, openTestFeed, TEST_CHAIN, TEST_FAIRNESS_SECRET, tickAt } from "./testing";
import { recordTicks } from "./ticks";

describe("the synthetic markets' chain", () => {
  it("is recorded once with its anchor and products' parameters; the anchor never changes", async () => {
    const s = await setup(at(1, 3, 400));
    // A closed history or an earlier feed left a price: the chain opens there.
    await recordTicks(s.db, [feedTick("SOL/USDT", "2026-01-05T07:59:00Z", 181_234n, 1n)]);
    expect((await s.get("/api/v1/fairness")).status).toBe(404);
    await openTestFeed(s.db, s.clock);
    const first = fairness.parse((await s.get("/api/v1/fairness")).body);
    const anchor = toHex(seedChain(TEST_FAIRNESS_SECRET, TEST_CHAIN.length)[0] as Uint8Array);
    expect(first).toMatchObject({
      algorithm: PATH_ALGORITHM,
      anchor,
      epochSeconds: 10,
      tickMs: 1000,
      // The current epoch's start: a fresh chain ticks at once.
      startsAt: new Date(START).toISOString(),
      chainLength: 50,
      earlierChains: [],
      nextChain: null,
      currentEpoch: { index: 1, startsAt: "2026-01-05T08:00:00.000Z", endsAt: "2026-01-05T08:00:10.000Z" },
    });
    expect(first.products.map((p) => p.symbol)).toEqual(CATALOGUE.map((p) => p.symbol));
    const btc = CATALOGUE[0];
    expect(first.products[0]).toEqual({
      symbol: "BTC/USDT",
      precision: 2,
      volumePrecision: 4,
      stepVolatilityPpm: stepVolatilityPpm(btc?.simulation.annualVolatility ?? 0, 1000),
      meanVolume: "3500",
      openingPrice: "95000.00",
    });
    expect(first.products.find((p) => p.symbol === "SOL/USDT")?.openingPrice).toBe("181.234");

    // Restarted later, with other settings and the same secret: the same chain.
    s.clock.set(new Date(at(4, 2)));
    await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, { epochMs: 60_000, tickMs: 1000, length: 9 });
    const again = fairness.parse((await s.get("/api/v1/fairness")).body);
    expect({ ...again, currentEpoch: null }).toEqual({ ...first, currentEpoch: null });
    expect(again.currentEpoch?.index).toBe(4);

    // Another secret mid-way is refused, and changes nothing.
    await expect(openTestFeed(s.db, s.clock, new Uint8Array(32).fill(8))).rejects.toThrow(FairnessRefusal);
    expect(fairness.parse((await s.get("/api/v1/fairness")).body).anchor).toBe(anchor);
    const chains = await s.db.selectFrom("fairness_chains").select("anchor").execute();
    expect(chains).toEqual([{ anchor }]);
  });

  it("ends: its last seed is revealed, and only a new secret starts the next chain", async () => {
    const s = await setup();
    const short = { ...TEST_CHAIN, length: 3 };
    const feed = await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, short);
    // A timer that fired late: the tick before the current one is caught up, nothing earlier.
    expect((await tickAt(feed, s.db, s.clock, at(3, 9))).length).toBe(2 * CATALOGUE.length);
    expect(await tickAt(feed, s.db, s.clock, at(4, 5))).toEqual([]);
    expect(await seedsInDb(s)).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    const ended = fairness.parse((await s.get("/api/v1/fairness")).body);
    expect(ended.currentEpoch).toBeNull();

    // The same secret again, with any length, would replay seeds everyone has seen.
    for (const length of [3, 5, 2])
      await expect(openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, { ...short, length })).rejects.toThrow(
        /already played/,
      );
    await openTestFeed(s.db, s.clock, new Uint8Array(32).fill(11), short);
    const next = fairness.parse((await s.get("/api/v1/fairness")).body);
    expect(next).toMatchObject({
      startsAt: new Date(at(4, 0)).toISOString(),
      earlierChains: [{ anchor: ended.anchor, startsAt: ended.startsAt, chainLength: 3 }],
      currentEpoch: { index: 1 },
    });
    expect(next.anchor).not.toBe(ended.anchor);
  });

  it("publishes its successor ahead, which opens at its last computed prices when it ends", async () => {
    const s = await setup();
    const next = new Uint8Array(32).fill(21);
    const short = { ...TEST_CHAIN, length: 3, noticeMs: 15_000 };
    const nextAnchor = toHex(seedChain(next, 3)[0] as Uint8Array);
    let feed = await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, short, next);
    const before = fairness.parse((await s.get("/api/v1/fairness")).body);
    expect(before.nextChain).toEqual({ anchor: nextAnchor, startsAt: new Date(at(4, 0)).toISOString() });
    for (let i = 0; i < 10; i++) await tickAt(feed, s.db, s.clock, at(3, i));
    // The chain's last tick, then the successor's first, a tick apart.
    const first = await tickAt(feed, s.db, s.clock, at(4, 0));
    expect(first.map((tick) => tick.time.toISOString())).toContain(new Date(at(4, 0)).toISOString());
    for (let i = 1; i < 10; i++) await tickAt(feed, s.db, s.clock, at(4, i));
    await tickAt(feed, s.db, s.clock, at(5, 0));

    const { state } = await expectEpochMatchesRecord(s, 1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state).toMatchObject({
      anchor: nextAnchor,
      startsAt: new Date(at(4, 0)).toISOString(),
      earlierChains: [{ anchor: before.anchor, startsAt: before.startsAt, chainLength: 3 }],
      nextChain: null,
      currentEpoch: { index: 2 },
    });
    // It opened where the predecessor's last epoch closed, as anyone recomputes from its revealed seed.
    const last = await s.db
      .selectFrom("fairness_epochs as e")
      .innerJoin("fairness_chains as c", "c.id", "e.chain_id")
      .select(["e.seed", "e.openings"])
      .where("c.anchor", "=", before.anchor)
      .where("e.epoch_index", "=", 3)
      .executeTakeFirstOrThrow();
    // The predecessor's last seed is revealed as it hands over.
    expect(last.seed).toMatch(/^[0-9a-f]{64}$/);
    for (const product of before.products) {
      const path = epochPath(
        fromHex(last.seed ?? "") as Uint8Array,
        { ...product, meanVolume: BigInt(product.meanVolume) },
        BigInt(last.openings[product.symbol] ?? "0"),
        10,
      );
      expect(state.products.find((p) => p.symbol === product.symbol)?.openingPrice).toBe(
        formatScaled(path[9]?.price ?? 0n, product.precision),
      );
    }

    // Restarted with both secrets still configured: the successor plays on.
    s.clock.set(new Date(at(5, 3, 500)));
    feed = await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, short, next);
    expect((await tickAt(feed, s.db, s.clock, at(5, 4))).length).toBe(CATALOGUE.length);
    // A successor less than the notice ahead is not published.
    s.clock.set(new Date(at(6, 0)));
    await openTestFeed(s.db, s.clock, next, short, new Uint8Array(32).fill(22));
    expect(fairness.parse((await s.get("/api/v1/fairness")).body).nextChain).toBeNull();
  });

  it("plays the successor from the computed last prices even when the feed was away at the change", async () => {
    const s = await setup();
    const next = new Uint8Array(32).fill(31);
    const short = { ...TEST_CHAIN, length: 3, noticeMs: 15_000 };
    const feed = await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, short, next);
    await tickAt(feed, s.db, s.clock, at(1, 4));
    feed.stop();
    // Away from epoch 1 to the successor's second epoch.
    s.clock.set(new Date(at(5, 2)));
    const back = await openTestFeed(s.db, s.clock, TEST_FAIRNESS_SECRET, short, next);
    await tickAt(back, s.db, s.clock, at(5, 3));
    const state = fairness.parse((await s.get("/api/v1/fairness")).body);
    expect(state).toMatchObject({
      anchor: toHex(seedChain(next, 3)[0] as Uint8Array),
      currentEpoch: { index: 2 },
    });
    const rows = await s.db
      .selectFrom("fairness_epochs")
      .select(["chain_id", "epoch_index", "seed"])
      .orderBy("chain_id")
      .orderBy("epoch_index")
      .execute();
    expect(rows.map((row) => [row.epoch_index, row.seed !== null])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [1, true],
      [2, false],
    ]);
    expect(state.products.every((product) => product.openingPrice !== null)).toBe(true);
  });
});
