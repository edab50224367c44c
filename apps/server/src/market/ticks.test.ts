import { CANDLE_INTERVALS } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ticksAcrossBoundary } from "../test/candle-fixtures";
import { latestCandles } from "./candle-store";
import { aggregateCandles } from "./candles";
import { hashHex, TICK_GENESIS_HASH, tickHash } from "./hash";
import { feedTick } from "./testing";
import { verifyChain } from "./tick-chain-check";
import { citationsOf, ticksInRange } from "./tick-reads";
import { deserializeTicks, serializeTicks } from "./tick-wire";
import { latestTickers } from "./tickers";
import { recordTicks } from "./ticks";
import { at, useTicksTestDb } from "./ticks.testing";

const { testDb, freshProduct, storedRows } = useTicksTestDb();

describe("recordTicks", () => {
  it("numbers and chains each product's ticks, and the stored hashes recompute from the served fields", async () => {
    const a = await freshProduct();
    const b = await freshProduct({ precision: 5 });
    const first = await recordTicks(testDb.db, [
      feedTick(a, at(0), 100_00n, 5n),
      feedTick(b, at(0), 1_05000n, 7n),
    ]);
    const second = await recordTicks(testDb.db, [feedTick(a, at(1), 101_25n), feedTick(b, at(1), 1_05001n)]);
    expect(first.map((t) => [t.symbol, t.seq, t.priceText])).toEqual([
      [a, 1n, "100.00"],
      [b, 1n, "1.05000"],
    ]);
    expect(second.map((t) => t.seq)).toEqual([2n, 2n]);
    expect(first[0]?.prevHash).toBe(TICK_GENESIS_HASH);
    expect(second[0]?.prevHash).toBe(first[0]?.hash);

    const rows = await storedRows(a);
    expect(rows).toHaveLength(2);
    let prev = TICK_GENESIS_HASH;
    for (const [i, row] of rows.entries()) {
      const price = i === 0 ? "100.00" : "101.25";
      // Stored as the 32 bytes of the hex hash served, continuing the row before.
      expect(row.hash).toHaveLength(32);
      expect(hashHex(row.hash)).toBe(
        tickHash({ prevHash: prev, symbol: a, seq: row.seq, time: row.time, price }),
      );
      prev = hashHex(row.hash);
    }
    expect(await verifyChain(testDb.db, a, 1n, 2n)).toEqual({
      symbol: a,
      fromSeq: 1n,
      toSeq: 2n,
      checked: 2,
      valid: true,
      firstMismatchSeq: null,
    });
  });

  it("drops what must not be recorded: closed or maintenance products, ticks going back in time, bad values", async () => {
    const fx = await freshProduct({ schedule: "fx_week" });
    const paused = await freshProduct();
    await testDb.db
      .updateTable("products")
      .set({ status: "maintenance" })
      .where("symbol", "=", paused)
      .execute();
    const saturday = "2026-01-03T12:00:00Z";
    expect(
      await recordTicks(testDb.db, [feedTick(fx, saturday, 100n), feedTick(paused, at(0), 100n)]),
    ).toEqual([]);
    const open = await freshProduct();
    await recordTicks(testDb.db, [feedTick(open, at(10), 100n)]);
    const stored = await recordTicks(testDb.db, [
      feedTick(open, at(9), 101n),
      feedTick(open, at(10), 0n),
      feedTick(open, at(10), 102n, -1n),
      feedTick(open, at(10), 103n),
    ]);
    expect(stored.map((t) => [t.seq, t.price])).toEqual([[2n, 103n]]);
    await expect(recordTicks(testDb.db, [feedTick("NOPE/USD", at(0), 1n)])).rejects.toThrow(
      /unknown products/,
    );
  });

  it("lets concurrent writers of the same products make one unbroken chain each", async () => {
    const a = await freshProduct();
    const b = await freshProduct();
    const time = at(100);
    const writers = Array.from({ length: 24 }, (_, i) =>
      recordTicks(
        testDb.db,
        // Half the batches name the products in the other order: locks are taken sorted, so no deadlock.
        i % 2 === 0
          ? [feedTick(a, time, BigInt(1000 + i)), feedTick(b, time, BigInt(2000 + i))]
          : [feedTick(b, time, BigInt(2000 + i)), feedTick(a, time, BigInt(1000 + i))],
      ),
    );
    const results = await Promise.all(writers);
    expect(results.flat()).toHaveLength(48);
    for (const symbol of [a, b]) {
      const rows = await storedRows(symbol);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 24 }, (_, i) => BigInt(i + 1)));
      expect((await verifyChain(testDb.db, symbol, 1n, 24n)).valid).toBe(true);
    }
  });

  it("maintains 1m/5m/15m/30m/1h/1d/1w candles across bucket boundaries, and they equal a rebuild from the ticks", async () => {
    const symbol = await freshProduct({ precision: 2, volumePrecision: 1 });
    // Crosses every boundary at once: Sunday 23:59:59 → Monday 00:00:00 UTC.
    await ticksAcrossBoundary(testDb.db, symbol, "2026-01-05T00:00:00Z", "2026-01-05T00:00:30Z", 10n);
    for (const interval of CANDLE_INTERVALS) {
      const candles = await latestCandles(testDb.db, symbol, interval, 10);
      expect(candles.map((c) => [c.open, c.high, c.low, c.close, c.volume])).toEqual([
        [100_00n, 100_00n, 98_50n, 98_50n, 30n],
        [101_00n, 101_00n, 99_00n, 99_00n, 70n],
      ]);
      expect(candles[1]?.bucketStart.toISOString()).toBe("2026-01-05T00:00:00.000Z");
      expect(candles.map((c) => c.amount)).toEqual([
        100_00n * 10n + 98_50n * 20n,
        101_00n * 30n + 99_00n * 40n,
      ]);
    }
    expect((await latestCandles(testDb.db, symbol, "1m", 1)).map((c) => c.close)).toEqual([99_00n]);

    // Many random batches: the stored candles equal the candles of all ticks aggregated at once.
    const other = await freshProduct();
    let price = 500_00n;
    for (let batch = 0; batch < 30; batch++) {
      const ticks = Array.from({ length: 1 + (batch % 4) }, (_, i) => {
        price += BigInt(((batch * 7 + i * 13) % 11) - 5) * 10n;
        return feedTick(other, at(batch * 97 + i * 11), price, BigInt(batch + i));
      });
      await recordTicks(testDb.db, ticks);
    }
    const all = await ticksInRange(testDb.db, other, { fromSeq: 1n, limit: 1000 });
    for (const interval of CANDLE_INTERVALS) {
      const expected = aggregateCandles(all, [interval]).map((c) => ({
        bucketStart: c.bucketStart,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: c.volume,
        amount: c.amount,
      }));
      expect(await latestCandles(testDb.db, other, interval, 1000)).toEqual(expected);
    }
  });

  it("records a second of ten products in one transaction of the same few statements", async () => {
    const symbols = await Promise.all(Array.from({ length: 10 }, () => freshProduct()));
    let statements = 0;
    // Counts what recordTicks sends; a statement per product or per tick would show here as a count
    // that grows with them, where a timing would only show it on a quiet machine.
    const counted = testDb.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const counts: number[] = [];
    for (let s = 0; s < 3; s++) {
      statements = 0;
      const stored = await recordTicks(
        counted,
        symbols
          .slice(0, 4 + s * 3)
          .map((symbol, i) => feedTick(symbol, at(1000 + s), BigInt(10_000 + s + i), 3n)),
      );
      expect(stored).toHaveLength(4 + s * 3);
      counts.push(statements);
    }
    console.info(`recordTicks: ${counts.join(", ")} statements for 4, 7 and 10 products`);
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(8);
  });
});

describe("ticksInRange", () => {
  it("reads forward from a seq or a time, or backward from a time", async () => {
    const symbol = await freshProduct();
    for (let s = 0; s < 10; s++)
      await recordTicks(testDb.db, [feedTick(symbol, at(s * 10), BigInt(100 + s))]);
    const seqs = (ticks: { seq: bigint }[]) => ticks.map((t) => Number(t.seq));
    expect(seqs(await ticksInRange(testDb.db, symbol, { fromSeq: 4n, limit: 3 }))).toEqual([4, 5, 6]);
    expect(seqs(await ticksInRange(testDb.db, symbol, { from: new Date(at(25)), limit: 2 }))).toEqual([4, 5]);
    expect(
      seqs(
        await ticksInRange(testDb.db, symbol, { from: new Date(at(25)), to: new Date(at(50)), limit: 50 }),
      ),
    ).toEqual([4, 5, 6]);
    // The last tick at or before a time, as settlement will ask.
    expect(seqs(await ticksInRange(testDb.db, symbol, { to: new Date(at(55)), limit: 1 }))).toEqual([6]);
    expect(seqs(await ticksInRange(testDb.db, symbol, { limit: 3 }))).toEqual([8, 9, 10]);
  });
});

describe("latestTickers", () => {
  it("gives the rolling 24H open/high/low/change/volume/amount from candles", async () => {
    const symbol = await freshProduct({ precision: 2, volumePrecision: 4 });
    const now = new Date("2026-01-06T12:17:30Z");
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-05T12:16:59Z", 500_00n, 9_0000n)]); // before the window
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-05T12:17:10Z", 110_00n, 1_0000n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-05T12:30:00Z", 90_00n, 2_0000n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-05T13:00:00Z", 120_00n, 3_0000n)]);
    await recordTicks(testDb.db, [feedTick(symbol, "2026-01-06T12:17:20Z", 105_00n, 4_0000n)]);
    const ticker = (await latestTickers(testDb.db, now, [symbol])).get(symbol);
    expect(ticker).toEqual({
      symbol,
      price: "105.00",
      time: "2026-01-06T12:17:20.000Z",
      seq: "5",
      change24h: "-4.55",
      open24h: "110.00",
      high24h: "120.00",
      low24h: "90.00",
      volume24h: "10.0000",
      amount24h: "1070.00",
    });
    // Days without trades (a closed market): the figures are those of the 24 hours up to the last trade.
    const quiet = (await latestTickers(testDb.db, new Date("2026-01-09T00:00:00Z"), [symbol])).get(symbol);
    expect(quiet).toEqual(ticker);
    expect((await latestTickers(testDb.db, now, [await freshProduct()])).size).toBe(0);
  });
});

describe("cited trades", () => {
  const citations = (seconds: number) => [
    {
      exchange: "binance",
      instrument: "BTCUSDT",
      tradeId: "5012345678",
      price: "67012.34000000",
      time: new Date(at(seconds - 1)),
    },
    {
      exchange: "okx",
      instrument: "BTC-USDT",
      tradeId: "130639474",
      price: "67012.35",
      time: new Date(at(seconds - 1)),
    },
  ];

  it("stores each tick's cited trades beside it, append-only, outside the hash", async () => {
    const symbol = await freshProduct({ source: "exchanges" });
    const stored = await recordTicks(testDb.db, [
      { ...feedTick(symbol, at(1), 6_701_235n), citations: citations(1) },
      { ...feedTick(symbol, at(2), 6_701_236n), citations: citations(2) },
    ]);
    const [first, second] = stored;
    if (!first || !second) throw new Error("both ticks are stored");
    expect(await citationsOf(testDb.db, symbol, [first.seq, second.seq])).toEqual(
      new Map([
        [first.seq, citations(1)],
        [second.seq, citations(2)],
      ]),
    );
    // The hash is the chain's usual one: a verifier that knows nothing of citations still checks it.
    expect(first.hash).toBe(
      tickHash({ prevHash: TICK_GENESIS_HASH, symbol, seq: 1n, time: new Date(at(1)), price: "67012.35" }),
    );
    expect((await verifyChain(testDb.db, symbol, 1n, 2n)).valid).toBe(true);
    await expect(
      sql`update tick_citations set price = '1' where symbol = ${symbol}`.execute(testDb.db),
    ).rejects.toThrow();
    await expect(
      sql`delete from tick_citations where symbol = ${symbol}`.execute(testDb.db),
    ).rejects.toThrow();
  });

  it("carries citations through the NOTIFY form to the followers", async () => {
    const symbol = await freshProduct({ source: "exchanges" });
    const stored = await recordTicks(testDb.db, [
      { ...feedTick(symbol, at(1), 6_701_235n), citations: citations(1) },
    ]);
    expect(stored).toHaveLength(1);
    expect(deserializeTicks(serializeTicks(stored))).toMatchObject({ readable: true, message: stored });
  });

  it("records a tick only from where its product is priced now", async () => {
    // For a moment after an operator moves a product, the feed that priced it before still sends.
    const simulated = await freshProduct();
    const real = await freshProduct({ source: "exchanges" });
    const stored = await recordTicks(testDb.db, [
      { ...feedTick(simulated, at(1), 6_701_235n), citations: citations(1) },
      feedTick(simulated, at(2), 6_701_236n),
      feedTick(real, at(1), 6_701_235n),
      { ...feedTick(real, at(2), 6_701_236n), citations: citations(2) },
    ]);
    expect(stored.map((tick) => [tick.symbol, tick.priceText, tick.citations !== undefined])).toEqual([
      [simulated, "67012.36", false],
      [real, "67012.36", true],
    ]);
  });
});
