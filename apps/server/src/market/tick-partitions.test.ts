import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { hashBytes, tickHash } from "./hash";
import { feedTick } from "./testing";
import { verifyChain } from "./tick-chain-check";
import { makeTickMonths, summarizeTickTimes } from "./tick-partitions";
import { recordTicks } from "./ticks";
import { useTicksTestDb } from "./ticks.testing";

const { testDb, freshProduct } = useTicksTestDb();

/** The partitions under a product's own, by name. */
async function partitionsOf(symbol: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(tick_partition(${symbol})) order by c.relname`.execute(testDb.db);
  return rows.map((row) => row.name);
}

/** Where each of a product's ticks is stored, in seq order. */
async function homes(symbol: string): Promise<string[]> {
  const { rows } = await sql<{ home: string }>`
    select tableoid::regclass::text as home from ticks where symbol = ${symbol} order by seq`.execute(
    testDb.db,
  );
  return rows.map((row) => row.home);
}

const monthName = (date: Date) =>
  `${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

async function makeMonth(symbol: string, moment: string): Promise<boolean> {
  const { rows } = await sql<{ made: boolean }>`
    select make_tick_month(${symbol}, ${moment}::timestamptz) as made`.execute(testDb.db);
  return rows[0]?.made === true;
}

describe("tick partitions", () => {
  it("give a new product its own partition, a default, and the months of now and the next", async () => {
    const symbol = await freshProduct();
    const code = symbol.toLowerCase().replace("/", "");
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(await partitionsOf(symbol)).toEqual(
      [`ticks_${code}_${monthName(now)}`, `ticks_${code}_${monthName(next)}`, `ticks_${code}_default`].sort(),
    );
  });

  it("file each tick in its month, one chain across a month's end, the rest in the default", async () => {
    const symbol = await freshProduct();
    const code = symbol.toLowerCase().replace("/", "");
    expect(await makeMonth(symbol, "2026-01-20T00:00:00Z")).toBe(true);
    expect(await makeMonth(symbol, "2026-02-01T00:00:00Z")).toBe(true);
    expect(await makeMonth(symbol, "2026-02-28T23:59:59.999Z")).toBe(false);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-31T23:59:59.999Z", 100n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-02-01T00:00:00.000Z", 101n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-03-02T10:00:00.000Z", 102n)]);
    expect(await homes(symbol)).toEqual([
      `ticks_${code}_2026_01`,
      `ticks_${code}_2026_02`,
      `ticks_${code}_default`,
    ]);
    expect(await verifyChain(testDb.db, symbol, 1n, 3n)).toMatchObject({ valid: true, checked: 3 });
    // March cannot be made over the tick the default holds; the tick stays where it is, still read.
    expect(await makeMonth(symbol, "2026-03-15T00:00:00Z")).toBe(false);
    expect(await homes(symbol)).toHaveLength(3);
  });

  it("refuse a seq already taken, though no key spans the months", async () => {
    const symbol = await freshProduct();
    await makeMonth(symbol, "2026-01-01T00:00:00Z");
    await makeMonth(symbol, "2026-02-01T00:00:00Z");
    const [first, second] = await recordTicks(testDb.db, [
      feedTick(symbol, "2026-01-31T23:59:59Z", 100n),
    ]).then(async (one) => [
      ...one,
      ...(await recordTicks(testDb.db, [feedTick(symbol, "2026-02-01T00:00:01Z", 101n)])),
    ]);
    if (!first || !second) throw new Error("not stored");
    // Seq 2 again, with the very hash that continues seq 1, in another month than the stored seq 2.
    const time = new Date("2026-01-31T23:59:59.500Z");
    const again = tickHash({ prevHash: first.hash, symbol, seq: 2n, time, price: "1.50" });
    await expect(
      sql`insert into ticks (symbol, seq, time, price, volume, hash)
        values (${symbol}, 2, ${time}, 150, 0, ${hashBytes(again)})`.execute(testDb.db),
    ).rejects.toThrow(/does not continue/);
    const genesis = tickHash({ prevHash: "0".repeat(64), symbol, seq: 1n, time, price: "1.50" });
    await expect(
      sql`insert into ticks (symbol, seq, time, price, volume, hash)
        values (${symbol}, 1, ${time}, 150, 0, ${hashBytes(genesis)})`.execute(testDb.db),
    ).rejects.toThrow(/does not continue/);
    expect(await homes(symbol)).toHaveLength(2);
  });

  it("refuse a truncate of any partition, and a change made through one", async () => {
    const symbol = await freshProduct();
    const code = symbol.toLowerCase().replace("/", "");
    await makeMonth(symbol, "2026-01-01T00:00:00Z");
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-10T00:00:00Z", 100n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2027-06-10T00:00:00Z", 101n)]);
    for (const partition of [`ticks_${code}`, `ticks_${code}_2026_01`, `ticks_${code}_default`]) {
      await expect(sql`truncate ${sql.table(partition)}`.execute(testDb.db)).rejects.toThrow(/append-only/);
    }
    await expect(sql`delete from ${sql.table(`ticks_${code}_2026_01`)}`.execute(testDb.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`update ${sql.table(`ticks_${code}_default`)} set price = 1`.execute(testDb.db),
    ).rejects.toThrow(/append-only/);
    expect(await homes(symbol)).toEqual([`ticks_${code}_2026_01`, `ticks_${code}_default`]);
  });
});

describe("makeTickMonths", () => {
  it("makes every product's coming months once, however many processes run it at once", async () => {
    const symbol = await freshProduct();
    const code = symbol.toLowerCase().replace("/", "");
    const now = new Date("2031-03-10T12:00:00Z");
    const runs = await Promise.all([makeTickMonths(testDb.db, now), makeTickMonths(testDb.db, now)]);
    const products = await testDb.db.selectFrom("products").select("symbol").orderBy("symbol").execute();
    expect([...runs[0], ...runs[1]].sort()).toEqual(products.map((p) => p.symbol).sort());
    expect(await partitionsOf(symbol)).toEqual(
      expect.arrayContaining([`ticks_${code}_2031_03`, `ticks_${code}_2031_04`]),
    );
    expect(await makeTickMonths(testDb.db, now)).toEqual([]);
  });
});

describe("summarizeTickTimes", () => {
  it("summarizes the time index of the pages ticks have filled since, once", async () => {
    const symbol = await freshProduct();
    await makeMonth(symbol, "2026-04-01T00:00:00Z");
    // Enough ticks for several ranges of 16 pages.
    const start = Date.parse("2026-04-10T00:00:00Z");
    await recordTicks(
      testDb.db,
      Array.from({ length: 3_000 }, (_, i) =>
        feedTick(symbol, new Date(start + i * 1000).toISOString(), 100n + BigInt(i % 7)),
      ),
    );
    expect(await summarizeTickTimes(testDb.db, new Date("2026-04-01T00:00:00Z"))).toBeGreaterThan(1);
    expect(await summarizeTickTimes(testDb.db, new Date("2026-04-01T00:00:00Z"))).toBe(0);
  });
});
