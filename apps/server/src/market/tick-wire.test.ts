import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { RELAY_FORMAT } from "../platform/relay-format";
import { useTestDb } from "../test/harness";
import { MarketBus } from "./bus";
import type { FeedListener, FeedSource } from "./feed";
import { FeedRunner, type MarketLog, TICKS_CHANNEL } from "./feed-runner";
import type { StoredTick } from "./stored-tick";
import { createMarketTestDb, onPostgres, testDatabaseUrl } from "./testing";
import { deserializeTicks, notifyPayloads, serializeTicks } from "./tick-wire";

const ticks: StoredTick[] = [
  {
    symbol: "ETH/USDT",
    seq: 41n,
    time: new Date("2026-01-05T09:00:00.000Z"),
    price: 330_000n,
    volume: 2n,
    prevHash: "a".repeat(64),
    hash: "b".repeat(64),
    priceText: "3300.00",
  },
  {
    symbol: "BTC/USDT",
    seq: 7n,
    time: new Date("2026-01-05T09:00:01.000Z"),
    price: 6_701_235n,
    volume: 1n,
    prevHash: "c".repeat(64),
    hash: "d".repeat(64),
    priceText: "67012.35",
    citations: [
      {
        exchange: "binance",
        instrument: "BTCUSDT",
        tradeId: "991",
        price: "67012.35",
        time: new Date("2026-01-05T09:00:00.900Z"),
      },
    ],
  },
];

describe("ticks on the wire", () => {
  it("reads what it writes, with the format and the send time", () => {
    const payload = serializeTicks(ticks, { format: RELAY_FORMAT, sentAt: 1_767_700_000_123 });
    expect(JSON.parse(payload)).toMatchObject({ v: 2, sentAt: 1_767_700_000_123 });
    expect(deserializeTicks(payload)).toEqual({
      readable: true,
      format: 2,
      sentAt: 1_767_700_000_123,
      message: ticks,
    });
  });

  it("reads and writes the previous release's form, a bare list", () => {
    const previous = serializeTicks(ticks, { format: 1, sentAt: 1_767_700_000_123 });
    expect(Array.isArray(JSON.parse(previous))).toBe(true);
    expect(deserializeTicks(previous)).toEqual({ readable: true, format: 1, sentAt: null, message: ticks });
  });

  it("refuses a format it does not know, naming it", () => {
    const rows = JSON.parse(serializeTicks(ticks, { format: 1, sentAt: 0 })) as unknown;
    expect(deserializeTicks(JSON.stringify({ v: 3, sentAt: 1, ticks: rows }))).toEqual({
      readable: false,
      format: 3,
    });
  });

  it("splits a long batch into payloads under the limit, each stamped alike", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...ticks[0], seq: BigInt(i) }) as StoredTick);
    const payloads = notifyPayloads(many, { format: RELAY_FORMAT, sentAt: 5 });
    expect(payloads.length).toBeGreaterThan(1);
    const read = payloads.map((payload) => deserializeTicks(payload));
    for (const payload of payloads) expect(payload.length).toBeLessThanOrEqual(7000);
    expect(read.every((r) => r.readable && r.sentAt === 5)).toBe(true);
    expect(read.flatMap((r) => (r.readable ? r.message : []))).toEqual(many);
  });
});

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
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!onPostgres())("ticks relayed in either release's format (PostgreSQL)", () => {
  it("publishes ticks notified in the previous format or this one, and ignores an unknown one", async () => {
    const databaseUrl = await testDatabaseUrl(testDb.db);
    if (!databaseUrl) throw new Error("no database URL");
    const warnings: object[] = [];
    const log: MarketLog = { info() {}, warn: (object) => warnings.push(object), error() {} };
    const make = () => {
      const bus = new MarketBus();
      const batches: StoredTick[][] = [];
      bus.onTicks((published) => {
        batches.push([...published]);
      });
      const runner = new FeedRunner({
        db: testDb.db,
        bus,
        log,
        databaseUrl,
        createSource: () => new ManualSource(),
      });
      return { runner, batches };
    };
    const leader = make();
    const follower = make();
    await leader.runner.start();
    await follower.runner.start();
    expect([leader.runner.role, follower.runner.role]).toEqual(["leader", "follower"]);

    const notify = (payload: string) =>
      sql`select pg_notify(${TICKS_CHANNEL}, ${payload})`.execute(testDb.db);
    await notify(serializeTicks(ticks, { format: 1, sentAt: Date.now() }));
    await notify(JSON.stringify({ v: 3, sentAt: Date.now(), ticks: [] }));
    await notify(serializeTicks(ticks.slice(1), { format: RELAY_FORMAT, sentAt: Date.now() }));
    await until(() => follower.batches.length === 2);
    expect(follower.batches).toEqual([ticks, ticks.slice(1)]);
    expect(warnings).toEqual([{ format: 3 }]);

    await leader.runner.stop();
    await follower.runner.stop();
  });
});
