import { describe, expect, it } from "vitest";
import { ManualClock } from "../platform/clock";
import { useTestDb } from "../test/harness";
import { MarketBus } from "./bus";
import type { FeedListener, FeedSource, FeedTick } from "./feed";
import { FeedRunner, silentLog } from "./feed-runner";
import { createMarket } from "./running";
import { createMarketTestDb, feedTick, onPostgres, testDatabaseUrl } from "./testing";
import { lastTicks, recordTicks, type StoredTick, verifyChain } from "./ticks";

const testDb = useTestDb(createMarketTestDb);

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

  it("runs the simulator from the last stored prices, so a restart does not jump", async () => {
    await recordTicks(testDb.db, [feedTick("BTC/USDT", "2026-01-05T07:59:59Z", 60_000_00n, 1n)]);
    const clock = new ManualClock("2026-01-05T08:01:00Z");
    const market = createMarket(
      { db: testDb.db, clock, log: silentLog },
      { feedEnabled: true, feedSeed: "restart", feedIntervalMs: 15 },
    );
    const batches = collect(market.bus);
    await market.start();
    await until(() => batches.length >= 2);
    await market.stop();
    const btc = batches.flat().filter((t) => t.symbol === "BTC/USDT");
    expect(btc[0]?.seq).toBe(2n);
    expect(Math.abs(Number(btc[0]?.price) / 60_000_00 - 1)).toBeLessThan(0.01);
    // Every catalogue product open on a Monday ticks.
    expect(new Set(batches[0]?.map((t) => t.symbol)).size).toBe(10);
    const before = (await lastTicks(testDb.db)).get("BTC/USDT")?.seq;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await lastTicks(testDb.db)).get("BTC/USDT")?.seq).toBe(before);
  });

  it("seeds the catalogue but runs no feed when disabled", async () => {
    const market = createMarket(
      { db: testDb.db, clock: new ManualClock(), log: silentLog },
      { feedEnabled: false, feedIntervalMs: 10 },
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
});
