import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { hashBytes, hashHex, tickHash } from "./hash";
import { feedTick } from "./testing";
import { verifyChain } from "./tick-chain-check";
import { recordTicks } from "./ticks";
import { at, useTicksTestDb } from "./ticks.testing";

const { testDb, freshProduct, storedRows } = useTicksTestDb();

async function asSuperuser(statements: ReturnType<typeof sql>[]) {
  await sql`alter table ticks disable trigger user`.execute(testDb.db);
  try {
    for (const statement of statements) await statement.execute(testDb.db);
  } finally {
    await sql`alter table ticks enable trigger user`.execute(testDb.db);
  }
}

describe("the ticks table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    const symbol = await freshProduct();
    await recordTicks(testDb.db, [feedTick(symbol, at(0), 100n)]);
    await expect(sql`update ticks set price = 1 where symbol = ${symbol}`.execute(testDb.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ticks where symbol = ${symbol}`.execute(testDb.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate ticks cascade`.execute(testDb.db)).rejects.toThrow(/append-only/);
    expect(await storedRows(symbol)).toHaveLength(1);
  });

  it("refuses a tick that does not continue its chain with the right hash", async () => {
    const symbol = await freshProduct();
    const [first] = await recordTicks(testDb.db, [feedTick(symbol, at(5), 100n)]);
    if (!first) throw new Error("not stored");
    // Only the tick's own hash is stored: it is computed here from the previous hash given.
    const insert = (seq: bigint, prevHash: string, time: Date, price: bigint, hash?: string) =>
      testDb.db
        .insertInto("ticks")
        .values({
          symbol,
          seq,
          time,
          price,
          volume: 0n,
          hash: hashBytes(
            hash ?? tickHash({ prevHash, symbol, seq, time, price: (Number(price) / 100).toFixed(2) }),
          ),
        })
        .execute();
    const later = new Date(at(6));
    await expect(insert(3n, first.hash, later, 100n)).rejects.toThrow(/does not continue/);
    // A hash chained from anything but the tick before is a wrong hash.
    await expect(insert(2n, "a".repeat(64), later, 100n)).rejects.toThrow(/wrong hash/);
    await expect(insert(2n, first.hash, new Date(at(4)), 100n)).rejects.toThrow(/older/);
    await expect(insert(2n, first.hash, later, 100n, "b".repeat(64))).rejects.toThrow(/wrong hash/);
    const fresh = await freshProduct();
    await expect(
      testDb.db
        .insertInto("ticks")
        .values({
          symbol: fresh,
          seq: 1n,
          time: later,
          price: 1n,
          volume: 0n,
          hash: hashBytes(
            tickHash({ prevHash: "c".repeat(64), symbol: fresh, seq: 1n, time: later, price: "0.01" }),
          ),
        })
        .execute(),
    ).rejects.toThrow(/wrong hash/);
    // Thirty-two bytes, even past the chain trigger.
    await expect(
      asSuperuser([
        sql`insert into ticks (symbol, seq, time, price, volume, hash)
          values (${fresh}, 1, ${later}, 1, 0, ${hashBytes("d".repeat(62))})`,
      ]),
    ).rejects.toThrow(/ticks_hash_check/);
    // The one right continuation is accepted: the database and hash.ts agree on the recipe.
    await insert(2n, first.hash, later, 123n);
    expect((await verifyChain(testDb.db, symbol, 1n, 2n)).valid).toBe(true);
  });

  it("refuses a change of a product's precision, which is part of every hash", async () => {
    const symbol = await freshProduct();
    await expect(
      testDb.db.updateTable("products").set({ price_precision: 3 }).where("symbol", "=", symbol).execute(),
    ).rejects.toThrow(/precision/);
  });
});

describe("verifyChain", () => {
  it("reports the first tick whose hash no longer recomputes after tampering", async () => {
    const symbol = await freshProduct();
    for (let s = 0; s < 8; s++) await recordTicks(testDb.db, [feedTick(symbol, at(s), BigInt(100 + s))]);
    expect((await verifyChain(testDb.db, symbol, 1n, 8n)).valid).toBe(true);
    await asSuperuser([sql`update ticks set price = price + 1 where symbol = ${symbol} and seq = 5`]);
    expect(await verifyChain(testDb.db, symbol, 1n, 8n)).toMatchObject({
      valid: false,
      firstMismatchSeq: 5n,
      checked: 4,
    });
    expect(await verifyChain(testDb.db, symbol, 2n, 4n)).toMatchObject({ valid: true, checked: 3 });
    expect(await verifyChain(testDb.db, symbol, 6n, 8n)).toMatchObject({ valid: true, checked: 3 });
  });

  it("catches a re-hashed tick by its successor's link, and a removed tick as missing", async () => {
    const symbol = await freshProduct();
    for (let s = 0; s < 6; s++) await recordTicks(testDb.db, [feedTick(symbol, at(s), BigInt(200 + s))]);
    const rows = await storedRows(symbol);
    const third = rows[2];
    if (!third) throw new Error("missing");
    const second = rows[1];
    if (!second) throw new Error("missing");
    const forged = tickHash({
      prevHash: hashHex(second.hash),
      symbol,
      seq: 3n,
      time: third.time,
      price: "9.99",
    });
    await asSuperuser([
      sql`update ticks set price = 999, hash = ${hashBytes(forged)} where symbol = ${symbol} and seq = 3`,
    ]);
    expect(await verifyChain(testDb.db, symbol, 1n, 6n)).toMatchObject({
      valid: false,
      firstMismatchSeq: 4n,
    });

    const gap = await freshProduct();
    for (let s = 0; s < 6; s++) await recordTicks(testDb.db, [feedTick(gap, at(s), BigInt(300 + s))]);
    await asSuperuser([sql`delete from ticks where symbol = ${gap} and seq = 4`]);
    expect(await verifyChain(testDb.db, gap, 1n, 6n)).toMatchObject({ valid: false, firstMismatchSeq: 4n });
    expect(await verifyChain(testDb.db, gap, 5n, 6n)).toMatchObject({ valid: false, firstMismatchSeq: 5n });
  });

  it("ends at the latest tick when the range reaches past it", async () => {
    const symbol = await freshProduct();
    for (let s = 0; s < 3; s++) await recordTicks(testDb.db, [feedTick(symbol, at(s), BigInt(100 + s))]);
    expect(await verifyChain(testDb.db, symbol, 2n, 50n)).toMatchObject({
      valid: true,
      checked: 2,
      toSeq: 3n,
    });
  });
});
