import { chainHeadPage, fairness, fairnessEpochPage, tickList } from "@tickfair/contract";
import {
  epochPath,
  fromHex,
  PATH_ALGORITHM,
  type PathParams,
  seedChain,
  seedLeadsTo,
  stepVolatilityPpm,
  toHex,
} from "@tickfair/verify";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import type { TestDb } from "../test/harness";
import { CATALOGUE } from "./catalogue";
import { FairnessRefusal } from "./fairness-secret";
import { formatScaled } from "./prices";
import {
  buildMarketTestApp,
  createMarketTestDb,
  feedTick,
  openTestFeed,
  TEST_CHAIN,
  TEST_FAIRNESS_SECRET,
  tickAt,
} from "./testing";
import { recordTicks, type StoredTick } from "./ticks";

// A Monday: every catalogue product is open. Epochs of ten one-second ticks from 08:00:00.
const START = Date.parse("2026-01-05T08:00:00Z");
const at = (epoch: number, tick: number, plusMs = 0) => START + (epoch - 1) * 10_000 + tick * 1_000 + plusMs;

let open: { testDb: TestDb; app: FastifyInstance }[] = [];
afterEach(async () => {
  for (const { testDb, app } of open) {
    await app.close();
    await testDb.destroy();
  }
  open = [];
});

async function setup(start = START) {
  const testDb = await createMarketTestDb();
  const clock = new ManualClock(new Date(start));
  const app = await buildMarketTestApp(testDb.db, clock);
  open.push({ testDb, app });
  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  return { db: testDb.db, clock, app, get };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const seedsInDb = async (s: Setup) =>
  (
    await s.db.selectFrom("fairness_epochs").select(["epoch_index", "seed"]).orderBy("epoch_index").execute()
  ).map((row) => [row.epoch_index, row.seed !== null] as const);

/** Everything an outsider reads: the commitment, then every page of epochs. */
async function published(s: Setup) {
  const state = fairness.parse((await s.get("/api/v1/fairness")).body);
  const epochs = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = fairnessEpochPage.parse(
      (await s.get(`/api/v1/fairness/epochs?limit=3${cursor ? `&cursor=${cursor}` : ""}`)).body,
    );
    epochs.push(...page.items);
    cursor = page.nextCursor;
  }
  return { state, epochs };
}

/** Recomputes an epoch from what is published, as the verifier does, and compares each recorded price. */
async function expectEpochMatchesRecord(s: Setup, index: number, recordedTicks: readonly number[]) {
  const { state, epochs } = await published(s);
  const epoch = epochs.find((e) => e.index === index);
  if (!epoch?.seed) throw new Error(`epoch ${index} has no seed`);
  expect(seedLeadsTo(epoch.seed, index, state.anchor)).toBe(true);
  const seed = fromHex(epoch.seed) as Uint8Array;
  for (const product of state.products) {
    const params: PathParams = {
      symbol: product.symbol,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
    };
    const opening = BigInt((epoch.openings[product.symbol] ?? "").replace(".", ""));
    const path = epochPath(seed, params, opening, state.epochSeconds * (1000 / state.tickMs));
    const served = tickList.parse(
      (
        await s.get(
          `/api/v1/market/products/${encodeURIComponent(product.symbol)}/ticks?from=${epoch.startsAt}&to=${new Date(Date.parse(epoch.endsAt) - 1).toISOString()}`,
        )
      ).body,
    ).items;
    expect(
      served.map((tick) => [tick.time, tick.price]),
      product.symbol,
    ).toEqual(
      recordedTicks.map((i) => [
        new Date(Date.parse(epoch.startsAt) + i * state.tickMs).toISOString(),
        formatScaled(path[i]?.price ?? 0n, product.precision),
      ]),
    );
    const volumes = await s.db
      .selectFrom("ticks")
      .select("volume")
      .where("symbol", "=", product.symbol)
      .where("time", ">=", new Date(epoch.startsAt))
      .where("time", "<", new Date(epoch.endsAt))
      .orderBy("seq")
      .execute();
    expect(volumes.map((row) => row.volume)).toEqual(recordedTicks.map((i) => path[i]?.volume));
  }
  return { state, epochs };
}

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

  it("never reveals a seed before its epoch ends, across a restart; the recorded epoch equals the recomputed path", async () => {
    const s = await setup();
    let feed = await openTestFeed(s.db, s.clock);
    // Whenever in its second the timer fires, the tick is the path's.
    for (let i = 0; i < 6; i++) await tickAt(feed, s.db, s.clock, at(1, i, (i * 397) % 1000));
    expect(await seedsInDb(s)).toEqual([[1, false]]);

    // The leader restarts mid-epoch: it continues the same path from the recorded opening.
    feed = await openTestFeed(s.db, s.clock);
    // The index the previous process recorded is not recorded again.
    expect(await tickAt(feed, s.db, s.clock, at(1, 5, 600))).toEqual([]);
    for (let i = 6; i < 10; i++) await tickAt(feed, s.db, s.clock, at(1, i, 5));
    // The last millisecond of the epoch: still secret.
    await tickAt(feed, s.db, s.clock, at(2, 0, -1));
    expect(await seedsInDb(s)).toEqual([[1, false]]);
    const during = fairnessEpochPage.parse((await s.get("/api/v1/fairness/epochs")).body);
    expect(during.items.map((e) => [e.index, e.seed])).toEqual([[1, null]]);

    await tickAt(feed, s.db, s.clock, at(2, 0));
    expect(await seedsInDb(s)).toEqual([
      [1, true],
      [2, false],
    ]);
    await expectEpochMatchesRecord(s, 1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // A seed in the row of an epoch that has not ended (written by hand) is still not served.
    const seed = toHex(seedChain(TEST_FAIRNESS_SECRET, TEST_CHAIN.length)[2] as Uint8Array);
    await sql`update fairness_epochs set seed = ${seed} where epoch_index = 2`.execute(s.db);
    const page = fairnessEpochPage.parse((await s.get("/api/v1/fairness/epochs")).body);
    expect(page.items.map((e) => [e.index, e.seed !== null])).toEqual([
      [2, false],
      [1, true],
    ]);
    s.clock.set(new Date(at(3, 0)));
    const later = fairnessEpochPage.parse((await s.get("/api/v1/fairness/epochs")).body);
    expect(later.items[0]).toMatchObject({ index: 2, seed });
  });

  it("rolls the openings through the epochs an outage missed, from the computed last prices", async () => {
    const s = await setup();
    let feed = await openTestFeed(s.db, s.clock);
    for (let i = 0; i < 10; i++) await tickAt(feed, s.db, s.clock, at(1, i, 5));
    // Epoch 2 is recorded up to tick 4 only: the feed goes away before its end.
    for (let i = 0; i < 5; i++) await tickAt(feed, s.db, s.clock, at(2, i, 5));
    feed.stop();

    s.clock.set(new Date(at(5, 3, 200)));
    feed = await openTestFeed(s.db, s.clock);
    // Every epoch that ended is revealed as the feed comes back; the current one is not.
    expect(await seedsInDb(s)).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
    for (let i = 4; i < 10; i++) await tickAt(feed, s.db, s.clock, at(5, i, 5));
    await tickAt(feed, s.db, s.clock, at(6, 0));

    const { state, epochs } = await expectEpochMatchesRecord(s, 2, [0, 1, 2, 3, 4]);
    await expectEpochMatchesRecord(s, 5, [4, 5, 6, 7, 8, 9]);
    await expectEpochMatchesRecord(s, 3, []);
    // Each epoch opens at the previous one's computed last price, recorded or not.
    const byIndex = new Map(epochs.map((e) => [e.index, e]));
    for (const index of [2, 3, 4, 5, 6]) {
      const previous = byIndex.get(index - 1);
      for (const product of state.products) {
        const path = epochPath(
          fromHex(previous?.seed ?? "") as Uint8Array,
          { ...product, meanVolume: BigInt(product.meanVolume) },
          BigInt((previous?.openings[product.symbol] ?? "").replace(".", "")),
          10,
        );
        expect(byIndex.get(index)?.openings[product.symbol], `${product.symbol} epoch ${index}`).toBe(
          formatScaled(path[9]?.price ?? 0n, product.precision),
        );
      }
    }
  });

  it("pages the epochs newest first, answers a bad cursor or limit with a 400, and cannot be rewritten", async () => {
    const s = await setup();
    const feed = await openTestFeed(s.db, s.clock);
    await tickAt(feed, s.db, s.clock, at(7, 1));
    const { epochs } = await published(s);
    expect(epochs.map((e) => e.index)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(epochs.map((e) => e.seed !== null)).toEqual([false, true, true, true, true, true, true]);
    const first = fairnessEpochPage.parse((await s.get("/api/v1/fairness/epochs?limit=2")).body);
    expect(first).toMatchObject({ nextCursor: "6" });
    expect(first.items[1]).toMatchObject({
      index: 6,
      startsAt: "2026-01-05T08:00:50.000Z",
      endsAt: "2026-01-05T08:01:00.000Z",
    });
    for (const query of ["cursor=abc", "cursor=-1", "cursor=1e3", "limit=0", "limit=101", "limit=x"]) {
      const response = await s.get(`/api/v1/fairness/epochs?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    }

    // The database keeps the commitment: a chain never changes, a seed must lead to the anchor.
    await expect(sql`update fairness_chains set chain_length = 51`.execute(s.db)).rejects.toThrow();
    await expect(sql`delete from fairness_epochs`.execute(s.db)).rejects.toThrow();
    const wrong = toHex(seedChain(TEST_FAIRNESS_SECRET, TEST_CHAIN.length)[6] as Uint8Array);
    await expect(
      sql`update fairness_epochs set seed = ${wrong} where epoch_index = 7`.execute(s.db),
    ).rejects.toThrow(/does not lead to the anchor/);
    await expect(
      sql`update fairness_epochs set openings = '{"BTC/USDT": "1"}' where epoch_index = 7`.execute(s.db),
    ).rejects.toThrow(/keeps its place/);
  });
});

describe("daily chain heads", () => {
  it("give a product's last tick hash at the end of each platform day that has ended, newest first", async () => {
    // Asia/Shanghai: a platform day ends at 16:00 UTC.
    const s = await setup(Date.parse("2026-01-06T20:00:00Z"));
    const stored: StoredTick[] = [];
    for (const time of [
      "2026-01-04T15:59:50Z",
      "2026-01-04T16:00:10Z",
      "2026-01-05T15:59:59.500Z",
      "2026-01-05T16:00:00Z",
      // Today's: not in a day that has ended.
      "2026-01-06T19:00:00Z",
    ])
      stored.push(...(await recordTicks(s.db, [feedTick("BTC/USDT", time, 95_000_00n, 1n)])));
    const hash = (seq: number) => stored[seq - 1]?.hash;
    const first = await s.get("/api/v1/fairness/heads?symbol=btc-usdt&limit=2");
    expect(first.status).toBe(200);
    expect(chainHeadPage.parse(first.body)).toEqual({
      symbol: "BTC/USDT",
      items: [
        {
          date: "2026-01-06",
          endsAt: "2026-01-06T16:00:00.000Z",
          seq: "4",
          time: "2026-01-05T16:00:00.000Z",
          hash: hash(4),
        },
        {
          date: "2026-01-05",
          endsAt: "2026-01-05T16:00:00.000Z",
          seq: "3",
          time: "2026-01-05T15:59:59.500Z",
          hash: hash(3),
        },
      ],
      nextCursor: "2026-01-05",
    });
    const second = chainHeadPage.parse(
      (await s.get("/api/v1/fairness/heads?symbol=BTC/USDT&cursor=2026-01-05")).body,
    );
    expect(second.items.map((head) => [head.date, head.seq, head.hash])).toEqual([
      ["2026-01-04", "1", hash(1)],
    ]);
    expect(second.nextCursor).toBeNull();
    // A product that never ticked has no heads yet.
    expect(chainHeadPage.parse((await s.get("/api/v1/fairness/heads?symbol=ETH/USDT")).body).items).toEqual(
      [],
    );

    const unknown = await s.get("/api/v1/fairness/heads?symbol=NOPE");
    expect([unknown.status, unknown.body]).toMatchObject([404, { error: { code: "PRODUCT_NOT_FOUND" } }]);
    for (const query of [
      "",
      "symbol=BTC/USDT&cursor=2026-02-30",
      "symbol=BTC/USDT&cursor=yesterday",
      "symbol=BTC/USDT&limit=0",
    ]) {
      const response = await s.get(`/api/v1/fairness/heads?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});
