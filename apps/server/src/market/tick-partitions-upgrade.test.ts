import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigrator, migrateToLatest } from "../platform/migrations";
import { createEmptyTestDb, type TestDb } from "../test/harness";
import { productTicks, verifyProductChain } from "./product-ticks";
import { seedCatalogue } from "./seed";
import { feedTick } from "./testing";
import { recordTicks } from "./ticks";

/**
 * 0051_tick_partitions on a database main built (migrations up to 0050), with ticks of two products
 * over three months (weekdays, when both trade) written by the tick writer of that release.
 */
const BEFORE = "0050_tick_hash_bytes";

interface Row {
  symbol: string;
  seq: string;
  time: string;
  price: string;
  volume: string;
  hash: string;
}

async function everyTick(testDb: TestDb): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select symbol, seq::text, to_char(time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as time,
      price::text, volume::text, encode(hash, 'hex') as hash
    from ticks order by symbol, seq`.execute(testDb.db);
  return rows;
}

describe(`ticks written at ${BEFORE}, upgraded to partitions by product and month`, () => {
  let testDb: TestDb;
  let before: Row[];
  const times = [
    "2026-03-30T10:00:00Z",
    "2026-03-31T23:59:59.999Z",
    "2026-04-01T00:00:00Z",
    "2026-05-12T08:00:00Z",
  ];

  beforeAll(async () => {
    testDb = await createEmptyTestDb();
    const partial = await createMigrator(testDb.db).migrateTo(BEFORE);
    if (partial.error) throw partial.error;
    await seedCatalogue(testDb.db);
    for (const [i, time] of times.entries()) {
      await recordTicks(testDb.db, [
        feedTick("BTC/USDT", time, 95_000_00n + BigInt(i), 3n),
        feedTick("EUR/USD", time, 1_08000n + BigInt(i)),
      ]);
    }
    before = await everyTick(testDb);
    await migrateToLatest(testDb.db);
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("keeps every tick as it was, each in its product's month", async () => {
    expect(before).toHaveLength(8);
    expect(await everyTick(testDb)).toEqual(before);
    const { rows } = await sql<{ symbol: string; seq: string; home: string }>`
      select symbol, seq::text, tableoid::regclass::text as home from ticks order by symbol, seq`.execute(
      testDb.db,
    );
    expect(rows.filter((row) => row.symbol === "BTC/USDT").map((row) => row.home)).toEqual([
      "ticks_btcusdt_2026_03",
      "ticks_btcusdt_2026_03",
      "ticks_btcusdt_2026_04",
      "ticks_btcusdt_2026_05",
    ]);
    expect(rows.filter((row) => row.symbol === "EUR/USD").map((row) => row.home)).toEqual([
      "ticks_eurusd_2026_03",
      "ticks_eurusd_2026_03",
      "ticks_eurusd_2026_04",
      "ticks_eurusd_2026_05",
    ]);
  });

  it("verifies both chains and serves each hash and prevHash as before", async () => {
    for (const symbol of ["BTC/USDT", "EUR/USD"]) {
      expect(await verifyProductChain(testDb.db, symbol, "1", "4")).toMatchObject({
        valid: true,
        checked: 4,
      });
      const served = await productTicks(testDb.db, symbol, { fromSeq: "2", limit: 10 });
      const stored = before.filter((row) => row.symbol === symbol);
      expect(served.items.map((t) => [t.seq, t.prevHash, t.hash])).toEqual(
        stored.slice(1).map((row, i) => [row.seq, stored[i]?.hash, row.hash]),
      );
    }
  });

  it("continues each chain, and refuses a tick that would take a seq again", async () => {
    const stored = await recordTicks(testDb.db, [feedTick("BTC/USDT", "2026-05-12T08:00:01Z", 95_000_10n)]);
    expect(stored.map((t) => [t.seq, t.prevHash])).toEqual([[5n, before[3]?.hash]]);
    await expect(
      sql`insert into ticks (symbol, seq, time, price, volume, hash)
        select symbol, seq, time, price, volume, hash from ticks where symbol = 'EUR/USD' and seq = 4`.execute(
        testDb.db,
      ),
    ).rejects.toThrow(/does not continue/);
    expect(await verifyProductChain(testDb.db, "BTC/USDT", "1", "5")).toMatchObject({
      valid: true,
      checked: 5,
    });
  });
});
