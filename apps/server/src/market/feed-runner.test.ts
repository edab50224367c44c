import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import { RELAY_FORMAT } from "../platform/relay-format";
import { useTestDb } from "../test/harness";
import { MarketBus } from "./bus";
import { lastTicks } from "./chain-heads";
import { FairnessRefusal } from "./fairness-secret";
import type { FeedListener, FeedSource, FeedTick } from "./feed";
import { FeedRunner, type MarketLog, silentLog, TICKS_CHANNEL } from "./feed-runner";
import { createMarket, type MarketOptions } from "./running";
import type { StoredTick } from "./stored-tick";
import { createMarketTestDb, feedTick, onPostgres, TEST_FAIRNESS_SECRET, testDatabaseUrl } from "./testing";
import { verifyChain } from "./tick-chain-check";
import { serializeTicks } from "./tick-wire";
import { recordTicks } from "./ticks";

const testDb = useTestDb(createMarketTestDb);

/** Twenty-millisecond ticks in epochs of ten, so a test sees the timer work. */
const fastChain = (loadSecret: () => Uint8Array = () => TEST_FAIRNESS_SECRET): MarketOptions => ({
  feedEnabled: true,
  platformTimeZone: "UTC",
  feedSeed: "runner-test",
  feedIntervalMs: 20,
  fairness: { epochMs: 200, length: 1000 },
  loadSecret,
});

/** A source the test drives by hand. */
class ManualSource implements FeedSource {
  readonly name = "manual";
  emit: FeedListener | null = null;
  start(emit: FeedListener): void {
    this.emit = emit;
  }
  stop(): void {
    this.emit = null;
  }
  push(ticks: FeedTick[]): void {
    if (!this.emit) throw new Error("source not running");
    this.emit(ticks);
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function collect(bus: MarketBus): StoredTick[][] {
  const batches: StoredTick[][] = [];
  bus.onTicks((ticks) => {
    batches.push([...ticks]);
  });
  return batches;
}

describe("feed runner (single process)", () => {
  it("records what its source emits, in order, and publishes only what was stored", async () => {
    const bus = new MarketBus();
    const batches = collect(bus);
    const source = new ManualSource();
    const runner = new FeedRunner({ db: testDb.db, bus, log: silentLog, createSource: () => source });
    await runner.start();
    expect(runner.role).toBe("leader");
    // Several batches while one write is in flight: they are coalesced, never written concurrently.
    source.push([feedTick("SOL/USDT", "2026-01-05T08:00:00Z", 180_000n, 5n)]);
    source.push([feedTick("SOL/USDT", "2026-01-05T08:00:01Z", 180_010n, 5n)]);
    source.push([
      feedTick("SOL/USDT", "2026-01-05T08:00:02Z", 180_020n, 5n),
      feedTick("EUR/USD", "2026-01-04T12:00:00Z", 1_05000n, 5n), // Sunday: closed, not stored
    ]);
    await runner.flush();
    const published = batches.flat();
    expect(published.map((t) => [t.symbol, t.seq, t.priceText])).toEqual([
      ["SOL/USDT", 1n, "180.000"],
      ["SOL/USDT", 2n, "180.010"],
      ["SOL/USDT", 3n, "180.020"],
    ]);
    await runner.stop();
    expect(runner.role).toBe("stopped");
    expect(source.emit).toBeNull();
    expect((await verifyChain(testDb.db, "SOL/USDT", 1n, 3n)).valid).toBe(true);
  });

  it("keeps publishing when a listener fails", async () => {
    const failures: unknown[] = [];
    const bus = new MarketBus((error) => failures.push(error));
    bus.onTicks(() => {
      throw new Error("listener bug");
    });
    bus.onTicks(async () => {
      throw new Error("async listener bug");
    });
    const batches = collect(bus);
    const source = new ManualSource();
    const runner = new FeedRunner({ db: testDb.db, bus, log: silentLog, createSource: () => source });
    await runner.start();
    source.push([feedTick("SOL/USDT", "2026-01-05T08:00:05Z", 181_000n)]);
    await runner.flush();
    await until(() => failures.length === 2);
    expect(batches.flat()).toHaveLength(1);
    await runner.stop();
  });

  it("runs the committed chain from the last stored prices, so a restart does not jump", async () => {
    await recordTicks(testDb.db, [feedTick("BTC/USDT", "2026-01-05T07:59:59Z", 60_000_00n, 1n)]);
    const clock = new ManualClock("2026-01-05T08:01:00Z");
    const market = createMarket({ db: testDb.db, clock, log: silentLog }, fastChain());
    const batches = collect(market.bus);
    await market.start();
    expect(market.runner.role).toBe("leader");
    // The timer runs in real time; the prices' time is the clock's.
    while (batches.length < 2) {
      clock.advance(20);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await market.stop();
    const btc = batches.flat().filter((t) => t.symbol === "BTC/USDT");
    expect(btc[0]?.seq).toBe(2n);
    expect(Math.abs(Number(btc[0]?.price) / 60_000_00 - 1)).toBeLessThan(0.01);
    const chain = await testDb.db.selectFrom("fairness_chains").select("products").executeTakeFirstOrThrow();
    expect(chain.products.find((p) => p.symbol === "BTC/USDT")?.openingPrice).toBe("6000000");
    // Every catalogue product open on a Monday ticks.
    expect(new Set(batches[0]?.map((t) => t.symbol)).size).toBe(10);
    const before = (await lastTicks(testDb.db)).get("BTC/USDT")?.seq;
    clock.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await lastTicks(testDb.db)).get("BTC/USDT")?.seq).toBe(before);
  });

  it("does not start the feed without its chain's secret, and says why", async () => {
    const errors: string[] = [];
    const log = { ...silentLog, error: (_: object, message?: string) => errors.push(message ?? "") };
    const market = createMarket(
      { db: testDb.db, clock: new ManualClock("2026-01-06T08:00:00Z"), log },
      {
        ...fastChain(),
        loadSecret: () => {
          throw new FairnessRefusal("the synthetic feed needs its chain's secret: set FAIRNESS_SECRET");
        },
      },
    );
    await market.start();
    expect(market.runner.role).toBe("stopped");
    expect(errors).toEqual([
      "market: the feed is not started: the synthetic feed needs its chain's secret: set FAIRNESS_SECRET",
    ]);
    await market.stop();
  });

  it("seeds the catalogue but runs no feed when disabled", async () => {
    const market = createMarket(
      { db: testDb.db, clock: new ManualClock(), log: silentLog },
      {
        ...fastChain(),
        feedEnabled: false,
        loadSecret: () => {
          throw new Error("a process that runs no feed never reads the secret");
        },
      },
    );
    await market.start();
    expect(market.runner.role).toBe("stopped");
    await market.stop();
  });
});

describe.skipIf(!onPostgres())("feed runner election (PostgreSQL)", () => {
  it("runs the feed in one process only; the others publish its ticks and take over when it goes", async () => {
    const databaseUrl = await testDatabaseUrl(testDb.db);
    if (!databaseUrl) throw new Error("no database URL");
    const make = () => {
      const bus = new MarketBus();
      const source = new ManualSource();
      const runner = new FeedRunner({
        db: testDb.db,
        bus,
        log: silentLog,
        databaseUrl,
        leaderCheckMs: 50,
        createSource: () => source,
      });
      return { bus, source, runner, batches: collect(bus) };
    };
    const a = make();
    const b = make();
    await a.runner.start();
    await b.runner.start();
    expect(a.runner.role).toBe("leader");
    expect(b.runner.role).toBe("follower");
    expect(b.source.emit).toBeNull();

    a.source.push([feedTick("ETH/USDT", "2026-01-05T09:00:00Z", 3300_00n, 1n)]);
    await a.runner.flush();
    // The follower hears it through LISTEN/NOTIFY, after the commit.
    await until(() => b.batches.length === 1);
    expect(b.batches[0]?.map((t) => [t.symbol, t.priceText])).toEqual([["ETH/USDT", "3300.00"]]);
    expect(b.batches[0]?.[0]?.hash).toBe(a.batches[0]?.[0]?.hash);

    await a.runner.stop();
    await until(() => b.runner.role === "leader");
    b.source.push([feedTick("ETH/USDT", "2026-01-05T09:00:01Z", 3301_00n, 1n)]);
    await b.runner.flush();
    const seqs = b.batches.flat().map((t) => t.seq);
    expect(seqs[seqs.length - 1]).toBe(seqs[0] === undefined ? 0n : seqs[0] + 1n);
    await b.runner.stop();
  });

  it("publishes ticks notified in the previous relay format or this one, and ignores an unknown one", async () => {
    const databaseUrl = await testDatabaseUrl(testDb.db);
    if (!databaseUrl) throw new Error("no database URL");
    const warnings: object[] = [];
    const log: MarketLog = { ...silentLog, warn: (object) => warnings.push(object) };
    const make = () => {
      const bus = new MarketBus();
      const runner = new FeedRunner({
        db: testDb.db,
        bus,
        log,
        databaseUrl,
        createSource: () => new ManualSource(),
      });
      return { runner, batches: collect(bus) };
    };
    const leader = make();
    const follower = make();
    await leader.runner.start();
    await follower.runner.start();
    expect([leader.runner.role, follower.runner.role]).toEqual(["leader", "follower"]);

    const tick = (seq: bigint): StoredTick => ({
      symbol: "ETH/USDT",
      seq,
      time: new Date("2026-01-05T09:00:00Z"),
      price: 330_000n,
      volume: 1n,
      prevHash: "a".repeat(64),
      hash: "b".repeat(64),
      priceText: "3300.00",
    });
    const notify = (payload: string) =>
      sql`select pg_notify(${TICKS_CHANNEL}, ${payload})`.execute(testDb.db);
    await notify(serializeTicks([tick(1n)], { format: 1, sentAt: Date.now() }));
    await notify(JSON.stringify({ v: RELAY_FORMAT + 1, sentAt: Date.now(), ticks: [] }));
    await notify(serializeTicks([tick(2n)], { format: RELAY_FORMAT, sentAt: Date.now() }));
    await until(() => follower.batches.length === 2);
    expect(follower.batches).toEqual([[tick(1n)], [tick(2n)]]);
    expect(warnings).toEqual([{ format: RELAY_FORMAT + 1 }]);

    await leader.runner.stop();
    await follower.runner.stop();
  });

  it("holds the chain's secret in the leader only, and reveals a seed only once its epoch has ended", async () => {
    const databaseUrl = await testDatabaseUrl(testDb.db);
    if (!databaseUrl) throw new Error("no database URL");
    const secret = new Uint8Array(32).fill(9);
    const reads = { a: 0, b: 0 };
    const clock = new ManualClock("2026-01-07T08:00:00Z");
    const make = (name: "a" | "b") =>
      createMarket(
        { db: testDb.db, clock, log: silentLog },
        {
          ...fastChain(() => {
            reads[name] += 1;
            return secret;
          }),
          databaseUrl,
        },
      );
    const a = make("a");
    const b = make("b");
    await a.start();
    await b.start();
    expect([a.runner.role, b.runner.role, reads.a, reads.b]).toEqual(["leader", "follower", 1, 0]);
    const revealedEarly = async () =>
      (
        await testDb.db
          .selectFrom("fairness_epochs")
          .select("epoch_index")
          .where("seed", "is not", null)
          .where("ends_at", ">", clock.now())
          .execute()
      ).length;
    for (let i = 0; i < 30; i++) {
      clock.advance(20);
      await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await revealedEarly()).toBe(0);
    }
    await a.stop();
    await until(() => b.runner.role === "leader", 15_000);
    expect(reads.b).toBe(1);
    for (let i = 0; i < 15; i++) {
      clock.advance(20);
      await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await revealedEarly()).toBe(0);
    }
    await b.stop();
    const revealed = await testDb.db
      .selectFrom("fairness_epochs")
      .select("epoch_index")
      .where("seed", "is not", null)
      .execute();
    expect(revealed.length).toBeGreaterThan(2);
    expect(await testDb.db.selectFrom("fairness_chains").select("anchor").execute()).toHaveLength(2);
  }, 30_000);
});
