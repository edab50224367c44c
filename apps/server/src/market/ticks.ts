import { sql } from "kysely";
import type { Db, Executor } from "../platform/db";
import { AnomalyGuard, haltOnAnomaly, type RecordedAnomaly } from "./anomaly-guard";
import { candleTimeZone, upsertCandles } from "./candle-store";
import type { FeedCitation, FeedTick } from "./feed";
import { EXCHANGE_SOURCE } from "./feed-sources";
import { TICK_GENESIS_HASH, tickHash } from "./hash";
import { formatScaled } from "./prices";
import { effectiveStatus } from "./schedule";

/** A tick as recorded: numbered and chained. */
export interface StoredTick {
  symbol: string;
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
  prevHash: string;
  hash: string;
  /** The price as served and hashed, at the product's precision. */
  priceText: string;
  /** Real markets: the exchange trades the price was taken from. */
  citations?: FeedCitation[] | undefined;
}

export interface RecordOptions {
  /** PostgreSQL: also NOTIFY this channel with the stored ticks, delivered when the transaction commits. */
  notifyChannel?: string;
  /** Told, once the batch is committed, of each product halted on an anomalous tick of it. */
  onAnomaly?: (anomaly: RecordedAnomaly) => void;
}

/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit: about 300 bytes a tick, more with citations. */
const NOTIFY_MAX_CHARS = 7000;

interface ChainHead {
  seq: bigint;
  hash: string;
  time: Date | null;
}

function isPlausible(tick: FeedTick): boolean {
  return tick.price > 0n && tick.volume >= 0n && Number.isFinite(tick.time.getTime());
}

/**
 * Whether the tick comes from where the product is priced now: cited exchange trades for a product on
 * exchanges, the simulator (no citations) for the others. Feeds read their configuration every few
 * seconds, so for a moment after an operator moves a product either way the old feed still sends; its
 * ticks must not price a market it no longer prices.
 */
function fromItsSource(tick: FeedTick, source: string): boolean {
  const cited = (tick.citations?.length ?? 0) > 0;
  return cited === (source === EXCHANGE_SOURCE);
}

/**
 * Records a batch of ticks in one transaction, continuing each product's chain, and folds them into the
 * 1m/5m/15m/30m/1h/1d/1w candles. Round trips: lock, read chain heads, the candles' time zone, read the recent ticks the anomaly
 * guard judges against, one insert, one upsert (plus one NOTIFY on PostgreSQL). Ticks are dropped, not stored, when their product is not open at their time
 * (maintenance, outside trading hours), when they would go back in time, when they come from a source
 * that no longer prices the product, or when implausible: the
 * stored ticks are returned, in the order written. A tick the anomaly guard refuses (a spike far past
 * the product's recent volatility, or cited trades that disagree) is not stored either: its product is
 * halted in the same transaction, so no later tick of the batch is stored and every process refuses
 * its orders from the commit on.
 */
export async function recordTicks(
  db: Db,
  ticks: readonly FeedTick[],
  options: RecordOptions = {},
): Promise<StoredTick[]> {
  const symbols = [...new Set(ticks.map((tick) => tick.symbol))].sort();
  if (symbols.length === 0) return [];
  const anomalies: RecordedAnomaly[] = [];
  const recorded = await db.transaction().execute(async (tx) => {
    const m = tx;
    // One writer per product at a time, so two writers cannot fork a chain. Locked in symbol order so
    // two batches cannot deadlock; NO KEY UPDATE leaves rows that reference the product insertable.
    const products = await m
      .selectFrom("products")
      .select([
        "symbol",
        "price_precision",
        "schedule",
        "status",
        "reopens_at",
        "spike_sigmas",
        "source_tolerance_bps",
        "anomaly_window_from",
        "source",
      ])
      .where("symbol", "in", symbols)
      .orderBy("symbol")
      .forNoKeyUpdate()
      .execute();
    if (products.length !== symbols.length) {
      const known = new Set(products.map((product) => product.symbol));
      throw new Error(`ticks for unknown products: ${symbols.filter((s) => !known.has(s)).join(", ")}`);
    }
    // Read after the lock, in a new statement, so a head another writer just committed is seen.
    const heads = new Map<string, ChainHead>(
      (await chainHeads(m, symbols)).map((head) => [head.symbol, head]),
    );
    const bySymbol = new Map(products.map((product) => [product.symbol, product]));
    const guard = await AnomalyGuard.load(m, products, ticks);
    const halted = new Set<string>();

    const stored: StoredTick[] = [];
    for (const tick of ticks) {
      const product = bySymbol.get(tick.symbol);
      if (!product || halted.has(tick.symbol) || !isPlausible(tick)) continue;
      if (!fromItsSource(tick, product.source)) continue;
      const status = effectiveStatus(
        { schedule: product.schedule, status: product.status, reopensAt: product.reopens_at },
        tick.time,
      );
      if (status.status !== "open") continue;
      const head = heads.get(tick.symbol) ?? { seq: 0n, hash: TICK_GENESIS_HASH, time: null };
      if (head.time && tick.time < head.time) continue;
      const anomaly = guard.judge(tick);
      if (anomaly) {
        halted.add(tick.symbol);
        anomalies.push(await haltOnAnomaly(m, anomaly));
        continue;
      }
      guard.recorded(tick);
      const seq = head.seq + 1n;
      const priceText = formatScaled(tick.price, product.price_precision);
      const hash = tickHash({
        prevHash: head.hash,
        symbol: tick.symbol,
        seq,
        time: tick.time,
        price: priceText,
      });
      stored.push({ ...tick, seq, prevHash: head.hash, hash, priceText });
      heads.set(tick.symbol, { seq, hash, time: tick.time });
    }
    if (stored.length === 0) return stored;

    await m
      .insertInto("ticks")
      .values(
        stored.map((tick) => ({
          symbol: tick.symbol,
          seq: tick.seq,
          time: tick.time,
          price: tick.price,
          volume: tick.volume,
          prev_hash: tick.prevHash,
          hash: tick.hash,
        })),
      )
      .execute();
    const citations = stored.flatMap((tick) =>
      (tick.citations ?? []).map((citation, position) => ({
        symbol: tick.symbol,
        seq: tick.seq,
        position,
        exchange: citation.exchange,
        instrument: citation.instrument,
        trade_id: citation.tradeId,
        price: citation.price,
        trade_time: citation.time,
      })),
    );
    if (citations.length > 0) await m.insertInto("tick_citations").values(citations).execute();
    await upsertCandles(m, stored, await candleTimeZone(m));
    if (options.notifyChannel) {
      for (const payload of notifyPayloads(stored)) {
        await sql`select pg_notify(${options.notifyChannel}, ${payload})`.execute(tx);
      }
    }
    return stored;
  });
  for (const anomaly of anomalies) options.onAnomaly?.(anomaly);
  return recorded;
}

/** The latest tick of each product (an index lookup per product, never a scan of the ticks). */
export async function chainHeads(m: Executor, symbols?: readonly string[]) {
  return m
    .selectFrom("products as p")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("ticks as t")
          .select(["t.seq", "t.hash", "t.time", "t.price"])
          .whereRef("t.symbol", "=", "p.symbol")
          .orderBy("t.seq", "desc")
          .limit(1)
          .as("h"),
      (join) => join.onTrue(),
    )
    .select(["p.symbol", "p.price_precision", "p.volume_precision", "h.seq", "h.hash", "h.time", "h.price"])
    .$if(symbols !== undefined, (q) => q.where("p.symbol", "in", symbols ?? []))
    .execute();
}

/** Where each product's chain stands: the simulator resumes from these prices. */
export async function lastTicks(
  db: Executor,
): Promise<Map<string, { seq: bigint; price: bigint; time: Date }>> {
  const heads = await chainHeads(db);
  return new Map(heads.map((head) => [head.symbol, { seq: head.seq, price: head.price, time: head.time }]));
}

async function pricePrecision(m: Executor, symbol: string): Promise<number> {
  const product = await m
    .selectFrom("products")
    .select("price_precision")
    .where("symbol", "=", symbol)
    .executeTakeFirstOrThrow();
  return product.price_precision;
}

export interface ChainCheck {
  symbol: string;
  fromSeq: bigint;
  /** The end actually checked: `toSeq`, or the latest tick when the range reaches past it. */
  toSeq: bigint;
  checked: number;
  valid: boolean;
  /** The first tick whose hash does not recompute, that does not link to its predecessor, or is missing. */
  firstMismatchSeq: bigint | null;
}

const VERIFY_CHUNK = 2000;

/**
 * Recomputes every hash from `fromSeq` to `toSeq` and checks each tick links to the one before (the
 * first to the genesis hash, or to tick fromSeq − 1). Stops at the first mismatch. Reads in chunks, so
 * memory stays flat however long the range.
 */
export async function verifyChain(
  db: Executor,
  symbol: string,
  fromSeq: bigint,
  toSeq: bigint,
): Promise<ChainCheck> {
  const m = db;
  const precision = await pricePrecision(m, symbol);
  const result: ChainCheck = { symbol, fromSeq, toSeq, checked: 0, valid: true, firstMismatchSeq: null };
  const fail = (seq: bigint): ChainCheck => ({ ...result, toSeq: seq, valid: false, firstMismatchSeq: seq });

  let expectedPrev = TICK_GENESIS_HASH;
  if (fromSeq > 1n) {
    const before = await m
      .selectFrom("ticks")
      .select("hash")
      .where("symbol", "=", symbol)
      .where("seq", "=", fromSeq - 1n)
      .executeTakeFirst();
    if (!before) return fail(fromSeq);
    expectedPrev = before.hash;
  }
  let expectedSeq = fromSeq;
  while (expectedSeq <= toSeq) {
    const rows = await m
      .selectFrom("ticks")
      .select(["seq", "time", "price", "prev_hash", "hash"])
      .where("symbol", "=", symbol)
      .where("seq", ">=", expectedSeq)
      .where("seq", "<=", toSeq)
      .orderBy("seq")
      .limit(VERIFY_CHUNK)
      .execute();
    for (const row of rows) {
      if (row.seq !== expectedSeq) return fail(expectedSeq);
      const recomputed = tickHash({
        prevHash: row.prev_hash,
        symbol,
        seq: row.seq,
        time: row.time,
        price: formatScaled(row.price, precision),
      });
      if (row.prev_hash !== expectedPrev || recomputed !== row.hash) return fail(row.seq);
      result.checked += 1;
      expectedPrev = row.hash;
      expectedSeq += 1n;
    }
    if (rows.length < VERIFY_CHUNK) break;
  }
  // Past the latest tick there is nothing to check (yet); the result says where it ended.
  return { ...result, toSeq: expectedSeq - 1n };
}

export interface TickRange {
  fromSeq?: bigint;
  from?: Date;
  to?: Date;
  limit: number;
}

/**
 * Ticks oldest first: from `fromSeq` or `from` onwards up to `to`, or with neither, the latest `limit`
 * at or before `to` (which is how settlement will find "the last tick at or before expiry").
 */
export async function ticksInRange(db: Executor, symbol: string, range: TickRange): Promise<StoredTick[]> {
  const m = db;
  const precision = await pricePrecision(m, symbol);
  const forward = range.fromSeq !== undefined || range.from !== undefined;
  const rows = await m
    .selectFrom("ticks")
    .selectAll()
    .where("symbol", "=", symbol)
    .$if(range.fromSeq !== undefined, (q) => q.where("seq", ">=", range.fromSeq ?? 0n))
    .$if(range.from !== undefined, (q) => q.where("time", ">=", range.from ?? new Date(0)))
    .$if(range.to !== undefined, (q) => q.where("time", "<=", range.to ?? new Date(0)))
    .orderBy("seq", forward ? "asc" : "desc")
    .limit(range.limit)
    .execute();
  if (!forward) rows.reverse();
  return rows.map((row) => ({
    symbol: row.symbol,
    seq: row.seq,
    time: row.time,
    price: row.price,
    volume: row.volume,
    prevHash: row.prev_hash,
    hash: row.hash,
    priceText: formatScaled(row.price, precision),
  }));
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

/** Groups ticks into NOTIFY payloads that each stay under the size limit. */
function notifyPayloads(ticks: readonly StoredTick[]): string[] {
  const payloads: string[] = [];
  let batch: StoredTick[] = [];
  for (const tick of ticks) {
    if (batch.length > 0 && serializeTicks([...batch, tick]).length > NOTIFY_MAX_CHARS) {
      payloads.push(serializeTicks(batch));
      batch = [];
    }
    batch.push(tick);
  }
  if (batch.length > 0) payloads.push(serializeTicks(batch));
  return payloads;
}

type WireCitation = [exchange: string, instrument: string, tradeId: string, price: string, time: string];

/** The wire form of stored ticks for NOTIFY (bigint and Date as text). */
export function serializeTicks(ticks: readonly StoredTick[]): string {
  return JSON.stringify(
    ticks.map((tick) => [
      tick.symbol,
      tick.seq.toString(),
      tick.time.toISOString(),
      tick.price.toString(),
      tick.volume.toString(),
      tick.prevHash,
      tick.hash,
      tick.priceText,
      ...(tick.citations
        ? [
            tick.citations.map(
              (c): WireCitation => [c.exchange, c.instrument, c.tradeId, c.price, c.time.toISOString()],
            ),
          ]
        : []),
    ]),
  );
}

type WireTick = [string, string, string, string, string, string, string, string, WireCitation[]?];

export function deserializeTicks(payload: string): StoredTick[] {
  const rows = JSON.parse(payload) as WireTick[];
  return rows.map(
    ([
      symbol = "",
      seq = "0",
      time = "",
      price = "0",
      volume = "0",
      prevHash = "",
      hash = "",
      priceText = "",
      citations,
    ]) => ({
      symbol,
      seq: BigInt(seq),
      time: new Date(time),
      price: BigInt(price),
      volume: BigInt(volume),
      prevHash,
      hash,
      priceText,
      ...(citations
        ? {
            citations: citations.map(([exchange, instrument, tradeId, price, at]) => ({
              exchange,
              instrument,
              tradeId,
              price,
              time: new Date(at),
            })),
          }
        : {}),
    }),
  );
}
