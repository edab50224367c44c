import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import type { FeedCitation } from "./feed";
import { hashHex, TICK_GENESIS_HASH } from "./hash";
import { formatScaled } from "./prices";
import type { StoredTick } from "./stored-tick";
import { ARCHIVE_FILE_TICKS } from "./tick-archive-file";
import { archivedTicks, lastArchivedSeq } from "./tick-archives";

/** The decimals a product's prices are served and hashed with. */
export async function pricePrecision(m: Executor, symbol: string): Promise<number> {
  const product = await m
    .selectFrom("products")
    .select("price_precision")
    .where("symbol", "=", symbol)
    .executeTakeFirstOrThrow();
  return product.price_precision;
}

export interface TickRange {
  fromSeq?: bigint;
  from?: Date;
  to?: Date;
  limit: number;
}

/**
 * Ticks oldest first: from `fromSeq` or `from` onwards up to `to`, or with neither, the latest `limit`
 * at or before `to` (which is how settlement will find "the last tick at or before expiry"). Given the
 * archive store, ticks that were archived (decision 0084) are read from their files, each checked
 * against the hashes the database keeps; without it, only the ticks still in the table.
 */
export async function ticksInRange(
  db: Executor,
  symbol: string,
  range: TickRange,
  archives?: BlobStore,
): Promise<StoredTick[]> {
  const m = db;
  const precision = await pricePrecision(m, symbol);
  const forward = range.fromSeq !== undefined || range.from !== undefined;
  const bounds = await seqBounds(m, symbol, range.from, range.to);
  if (bounds === null) return [];
  const upTo = archives ? await lastArchivedSeq(m, symbol) : 0n;
  const inTime = (tick: { time: Date }) =>
    (range.from === undefined || tick.time >= range.from) &&
    (range.to === undefined || tick.time <= range.to);
  const stored = (tick: Omit<StoredTick, "symbol" | "priceText">): StoredTick => ({
    symbol,
    ...tick,
    priceText: formatScaled(tick.price, precision),
  });

  // Forward from inside the archive: its files first, at most a file's worth past what is asked for
  // (the time bounds drop at most a minute's ticks), then the table.
  const from = [range.fromSeq, bounds.first].reduce<bigint>((a, b) => (b !== undefined && b > a ? b : a), 1n);
  let early: StoredTick[] = [];
  if (archives && forward && from <= upTo) {
    const cap = from + BigInt(range.limit + ARCHIVE_FILE_TICKS);
    const to = [upTo, bounds.last, cap].reduce<bigint>((a, b) => (b !== undefined && b < a ? b : a), upTo);
    early = (await archivedTicks(m, archives, symbol, from, to))
      .filter(inTime)
      .slice(0, range.limit)
      .map(stored);
    // Every seq the range can hold is archived: the table has none of them.
    if (early.length === range.limit || (bounds.last !== undefined && bounds.last <= upTo)) return early;
  }
  const rows = await m
    .selectFrom("ticks")
    .selectAll()
    .where("symbol", "=", symbol)
    .$if(range.fromSeq !== undefined, (q) => q.where("seq", ">=", range.fromSeq ?? 0n))
    .$if(bounds.first !== undefined, (q) => q.where("seq", ">=", bounds.first ?? 0n))
    .$if(bounds.last !== undefined, (q) => q.where("seq", "<=", bounds.last ?? 0n))
    .$if(range.from !== undefined, (q) => q.where("time", ">=", range.from ?? new Date(0)))
    .$if(range.to !== undefined, (q) => q.where("time", "<=", range.to ?? new Date(0)))
    .orderBy("seq", forward ? "asc" : "desc")
    .limit(range.limit - early.length)
    .execute();
  if (!forward) rows.reverse();
  const live = (await chained(m, symbol, rows)).map(({ symbol: _, ...row }) => stored(row));
  if (forward || !archives || live.length === range.limit || upTo === 0n) return [...early, ...live];

  // Backward past the table's oldest tick: the newest archived ticks at or before the bound.
  const need = range.limit - live.length;
  const last = bounds.last !== undefined && bounds.last < upTo ? bounds.last : upTo;
  const first = last - BigInt(need + ARCHIVE_FILE_TICKS) + 1n;
  const archived = (await archivedTicks(m, archives, symbol, first > 1n ? first : 1n, last)).filter(inTime);
  return [...archived.slice(-need).map(stored), ...live];
}

const MINUTE_MS = 60_000;

/**
 * The seqs a time range can hold, from the one-minute candles written with the ticks in the same
 * transaction: from the first seq of the minute holding `from`, to the last of the minute holding `to`
 * (or the newest minute before it). The ticks keep no index that orders them by time (a BRIN index
 * finds pages, not positions), so a bound in time alone would read its month from the start; with the
 * seqs as well, a read starts at most a minute's ticks from where it should. Null when the range holds
 * no tick.
 */
async function seqBounds(
  m: Executor,
  symbol: string,
  from: Date | undefined,
  to: Date | undefined,
): Promise<{ first?: bigint; last?: bigint } | null> {
  const minutes = m.selectFrom("candles").where("symbol", "=", symbol).where("period", "=", "1m").limit(1);
  const bounds: { first?: bigint; last?: bigint } = {};
  if (from) {
    const minute = new Date(Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS);
    const first = await minutes
      .select("first_seq")
      .where("bucket_start", ">=", minute)
      .orderBy("bucket_start")
      .executeTakeFirst();
    if (!first) return null;
    bounds.first = first.first_seq;
  }
  if (to) {
    const last = await minutes
      .select("last_seq")
      .where("bucket_start", "<=", to)
      .orderBy("bucket_start", "desc")
      .executeTakeFirst();
    if (!last) return null;
    bounds.last = last.last_seq;
  }
  return bounds;
}

/**
 * One product's stored ticks, oldest first, with their hashes in hex and the hash each continues: the
 * row before it, or for the first row (and after any gap) its predecessor's, read in one more lookup;
 * the genesis hash for seq 1. A predecessor that is not there (only a superuser's delete makes one)
 * reads as the genesis hash too, which the tick's own hash then does not recompute from.
 */
export async function chained<Row extends { seq: bigint; hash: Uint8Array }>(
  m: Executor,
  symbol: string,
  rows: readonly Row[],
): Promise<(Omit<Row, "hash"> & { prevHash: string; hash: string })[]> {
  const unread = rows.flatMap((row, index) =>
    row.seq > 1n && rows[index - 1]?.seq !== row.seq - 1n ? [row.seq - 1n] : [],
  );
  const before = new Map<bigint, string>();
  if (unread.length > 0) {
    const found = await m
      .selectFrom("ticks")
      .select(["seq", "hash"])
      .where("symbol", "=", symbol)
      .where("seq", "in", unread)
      .execute();
    for (const row of found) before.set(row.seq, hashHex(row.hash));
    // A predecessor archived (decision 0084) ends its archive file, whose last hash is kept here.
    const archived = unread.filter((seq) => !before.has(seq));
    if (archived.length > 0) {
      const ends = await m
        .selectFrom("tick_archives")
        .select(["last_seq", "last_hash"])
        .where("symbol", "=", symbol)
        .where("last_seq", "in", archived)
        .execute();
      for (const row of ends) before.set(row.last_seq, hashHex(row.last_hash));
    }
  }
  const hashes = rows.map((row) => hashHex(row.hash));
  return rows.map((row, index) => {
    const previous = rows[index - 1];
    const prevHash =
      previous?.seq === row.seq - 1n
        ? (hashes[index - 1] as string)
        : (before.get(row.seq - 1n) ?? TICK_GENESIS_HASH);
    return { ...row, prevHash, hash: hashes[index] as string };
  });
}

/** The citations of the given ticks of one product, by seq, in the order they were cited. */
export async function citationsOf(
  db: Executor,
  symbol: string,
  seqs: readonly bigint[],
): Promise<Map<bigint, FeedCitation[]>> {
  const bySeq = new Map<bigint, FeedCitation[]>();
  if (seqs.length === 0) return bySeq;
  const rows = await db
    .selectFrom("tick_citations")
    .selectAll()
    .where("symbol", "=", symbol)
    .where("seq", "in", seqs)
    .orderBy("seq")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = bySeq.get(row.seq) ?? [];
    list.push({
      exchange: row.exchange,
      instrument: row.instrument,
      tradeId: row.trade_id,
      price: row.price,
      time: row.trade_time,
    });
    bySeq.set(row.seq, list);
  }
  return bySeq;
}
