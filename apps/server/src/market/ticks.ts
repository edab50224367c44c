import { sql } from "kysely";
import type { Db } from "../platform/db";
import { AnomalyGuard, haltOnAnomaly, type RecordedAnomaly } from "./anomaly-guard";
import { candleTimeZone, upsertCandles } from "./candle-store";
import { chainHeads } from "./chain-heads";
import type { FeedTick } from "./feed";
import { EXCHANGE_SOURCE } from "./feed-sources";
import { hashBytes, hashHex, TICK_GENESIS_HASH, tickHash } from "./hash";
import { formatScaled } from "./prices";
import { effectiveStatus } from "./schedule";
import type { StoredTick } from "./stored-tick";
import { notifyPayloads } from "./tick-wire";

export interface RecordOptions {
  /** PostgreSQL: also NOTIFY this channel with the stored ticks, delivered when the transaction commits. */
  notifyChannel?: string;
  /** Told, once the batch is committed, of each product halted on an anomalous tick of it. */
  onAnomaly?: (anomaly: RecordedAnomaly) => void;
}

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
      (await chainHeads(m, symbols)).map((head) => [
        head.symbol,
        { seq: head.seq, hash: hashHex(head.hash), time: head.time },
      ]),
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
          hash: hashBytes(tick.hash),
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
