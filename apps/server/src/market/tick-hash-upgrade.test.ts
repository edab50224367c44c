import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../platform/db";
import { createMigrator, migrateToLatest } from "../platform/migrations";
import { createEmptyTestDb, type TestDb } from "../test/harness";
import { chainBefore, insertTicksBefore, type TickBefore } from "../test/upgrade-fixtures";
import { productTicks, verifyProductChain } from "./product-ticks";
import { seedCatalogue } from "./seed";
import { feedTick } from "./testing";
import { recordTicks } from "./ticks";

/**
 * 0050_tick_hash_bytes on a database main built (migrations up to 0048), with ticks written the old
 * way: each beside its predecessor's hash, both as hex text.
 */
const BEFORE = "0048_device_names";
const FROM = new Date("2026-01-05T08:00:00Z");
const HEX_HASH = /^[0-9a-f]{64}$/;

async function databaseBefore(): Promise<TestDb> {
  const testDb = await createEmptyTestDb();
  const partial = await createMigrator(testDb.db).migrateTo(BEFORE);
  if (partial.error) throw partial.error;
  await seedCatalogue(testDb.db);
  return testDb;
}

/** Writes ticks past the chain trigger, as only a superuser could have. */
async function insertPastTriggers(db: Db, ticks: readonly TickBefore[]): Promise<void> {
  await sql`alter table ticks disable trigger user`.execute(db);
  try {
    await insertTicksBefore(db, ticks);
  } finally {
    await sql`alter table ticks enable trigger user`.execute(db);
  }
}

async function lastMigration(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
  return rows[0]?.name;
}

describe(`ticks written at ${BEFORE}, upgraded to one 32-byte hash`, () => {
  let testDb: TestDb;
  const bitcoin = chainBefore("BTC/USDT", 2, FROM, [
    95_000_00n,
    95_001_00n,
    95_000_50n,
    95_002_00n,
    95_003_00n,
  ]);
  const euro = chainBefore("EUR/USD", 5, FROM, [1_08000n, 1_08001n, 1_08003n, 1_08002n]);

  beforeAll(async () => {
    testDb = await databaseBefore();
    await insertTicksBefore(testDb.db, [...bitcoin, ...euro]);
    await migrateToLatest(testDb.db);
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("keeps every tick, each hash as its 32 bytes, and drops prev_hash", async () => {
    const { rows: columns } = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_name = 'ticks' and column_name in ('prev_hash', 'hash')`.execute(testDb.db);
    expect(columns).toEqual([{ column_name: "hash", data_type: "bytea" }]);
    const { rows } = await sql<{ symbol: string; seq: bigint; hash: string }>`
      select symbol, seq, encode(hash, 'hex') as hash from ticks order by symbol, seq`.execute(testDb.db);
    expect(rows).toEqual(
      [...bitcoin, ...euro]
        .toSorted((a, b) => a.symbol.localeCompare(b.symbol))
        .map((t) => ({ symbol: t.symbol, seq: t.seq, hash: t.hash })),
    );
  });

  it("verifies every tick of both chains, and serves each prevHash and hash as before", async () => {
    for (const chain of [bitcoin, euro]) {
      const symbol = chain[0]?.symbol ?? "";
      const check = await verifyProductChain(testDb.db, symbol, "1", String(chain.length));
      expect(check).toMatchObject({ valid: true, checked: chain.length, firstMismatchSeq: null });
      const served = await productTicks(testDb.db, symbol, { fromSeq: "1", limit: 100 });
      expect(served.items.map((t) => [t.seq, t.prevHash, t.hash])).toEqual(
        chain.map((t) => [String(t.seq), t.prev_hash, t.hash]),
      );
      // From the middle: the first tick's prevHash is read from the tick before it.
      const middle = await productTicks(testDb.db, symbol, { fromSeq: "3", limit: 1 });
      expect(middle.items.map((t) => [t.prevHash, t.hash])).toEqual([[chain[1]?.hash, chain[2]?.hash]]);
      for (const t of served.items) {
        expect(t.prevHash).toMatch(HEX_HASH);
        expect(t.hash).toMatch(HEX_HASH);
      }
    }
  });

  it("continues each chain from its last converted tick", async () => {
    const stored = await recordTicks(testDb.db, [
      feedTick("BTC/USDT", "2026-01-05T08:00:10Z", 95_004_00n),
      feedTick("EUR/USD", "2026-01-05T08:00:10Z", 1_08004n),
    ]);
    expect(stored.map((t) => [t.symbol, t.seq, t.prevHash])).toEqual([
      ["BTC/USDT", 6n, bitcoin.at(-1)?.hash],
      ["EUR/USD", 5n, euro.at(-1)?.hash],
    ]);
    expect(await verifyProductChain(testDb.db, "BTC/USDT", "1", "6")).toMatchObject({
      valid: true,
      checked: 6,
    });
    expect(await verifyProductChain(testDb.db, "EUR/USD", "1", "5")).toMatchObject({
      valid: true,
      checked: 5,
    });
  });
});

describe(`ticks whose prev_hash was broken at ${BEFORE}`, () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await databaseBefore();
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("stop the upgrade, which names the first tick that does not continue its chain", async () => {
    const [first, second] = chainBefore("BTC/USDT", 2, FROM, [95_000_00n, 95_001_00n]);
    if (!first || !second) throw new Error("no ticks");
    // Tick 2 names another predecessor than tick 1: dropping prev_hash would hide that.
    await insertPastTriggers(testDb.db, [first, { ...second, prev_hash: "e".repeat(64) }]);
    await expect(migrateToLatest(testDb.db)).rejects.toThrow(
      /tick 2 of BTC\/USDT does not continue its chain/,
    );
    expect(await lastMigration(testDb.db)).toBe(BEFORE);
    const { rows } = await sql<{ n: number }>`select count(prev_hash)::int as n from ticks`.execute(
      testDb.db,
    );
    expect(rows).toEqual([{ n: 2 }]);
  });

  it("and so does a first tick that does not start from the genesis hash", async () => {
    const [first] = chainBefore("EUR/USD", 5, FROM, [1_08000n]);
    if (!first) throw new Error("no tick");
    await sql`alter table ticks disable trigger user`.execute(testDb.db);
    try {
      await sql`delete from ticks`.execute(testDb.db);
    } finally {
      await sql`alter table ticks enable trigger user`.execute(testDb.db);
    }
    await insertPastTriggers(testDb.db, [{ ...first, prev_hash: "1".repeat(64) }]);
    await expect(migrateToLatest(testDb.db)).rejects.toThrow(
      /tick 1 of EUR\/USD does not continue its chain/,
    );
    expect(await lastMigration(testDb.db)).toBe(BEFORE);
  });
});
