import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import type { Db } from "../platform/db";

/**
 * Four ticks of `symbol` across a candle boundary: two and one second before `boundary`, on it, and at
 * `last`; the middle two in one write that straddles the boundary. Prices 100.00, 98.50, 101.00, 99.00
 * (precision 2), so each side opens at its high and closes at its low; volumes 1, 2, 3 and 4 `lots`.
 */
export async function ticksAcrossBoundary(
  db: Db,
  symbol: string,
  boundary: string,
  last: string,
  lots: bigint,
) {
  const before = (ms: number) => new Date(Date.parse(boundary) - ms).toISOString();
  await recordTicks(db, [feedTick(symbol, before(2000), 100_00n, lots)]);
  await recordTicks(db, [
    feedTick(symbol, before(1000), 98_50n, 2n * lots),
    feedTick(symbol, boundary, 101_00n, 3n * lots),
  ]);
  await recordTicks(db, [feedTick(symbol, last, 99_00n, 4n * lots)]);
}
