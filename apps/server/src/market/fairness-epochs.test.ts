import { chainHeadPage, fairnessEpochPage } from "@tickfair/contract";
import { epochPath, fromHex, seedChain, toHex } from "@tickfair/verify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { at, expectEpochMatchesRecord, published, seedsInDb, setup } from "./fairness.testing";
import { formatScaled } from "./prices";
import type { StoredTick } from "./stored-tick";
import { feedTick, openTestFeed, TEST_CHAIN, TEST_FAIRNESS_SECRET, tickAt } from "./testing";
import { recordTicks } from "./ticks";

describe("the synthetic markets' chain", () => {
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
