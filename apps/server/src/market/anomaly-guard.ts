import type { FeedAnomaly } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { disagreementOf, SPIKE_WINDOW_MS, SpikeWindow, spikeOf } from "./anomaly";
import type { FeedTick } from "./feed";
import { formatScaled } from "./prices";

/** What the guard needs of a product, read with the product's lock in recordTicks. */
export interface GuardedProduct {
  symbol: string;
  price_precision: number;
  spike_sigmas: number;
  source_tolerance_bps: number;
  anomaly_window_from: Date | null;
}

/** A halt the guard wrote: the refused tick's anomaly, and the reason in words for the log. */
export interface RecordedAnomaly {
  id: bigint;
  symbol: string;
  anomaly: FeedAnomaly;
  reason: string;
}

/** At most this many recent ticks are read per product: two minutes of ticks twice a second. */
const WINDOW_TICKS = 240;

/**
 * Judges a batch's ticks before they are recorded, inside recordTicks' transaction (so the product
 * rows are locked and no other writer moves the windows meanwhile).
 */
export class AnomalyGuard {
  readonly #windows: Map<string, SpikeWindow>;
  readonly #products: Map<string, GuardedProduct>;

  private constructor(products: Map<string, GuardedProduct>, windows: Map<string, SpikeWindow>) {
    this.#products = products;
    this.#windows = windows;
  }

  /** Reads each product's recent ticks: those of the window before its batch's first tick. */
  static async load(
    m: Executor,
    products: readonly GuardedProduct[],
    ticks: readonly FeedTick[],
  ): Promise<AnomalyGuard> {
    const first = new Map<string, number>();
    for (const tick of ticks) {
      const at = tick.time.getTime();
      if (at < (first.get(tick.symbol) ?? Number.POSITIVE_INFINITY)) first.set(tick.symbol, at);
    }
    const symbols: string[] = [];
    const since: string[] = [];
    for (const product of products) {
      const from = (first.get(product.symbol) ?? 0) - SPIKE_WINDOW_MS;
      symbols.push(product.symbol);
      // The window restarts when an operator reopens a product or changes its sources: nothing
      // recorded until then counts.
      since.push(new Date(Math.max(from, product.anomaly_window_from?.getTime() ?? from)).toISOString());
    }
    const rows = await sql<{ symbol: string; time: Date; price: bigint }>`
      select s.symbol, t.time, t.price
      from unnest(${symbols}::text[], ${since}::timestamptz[]) as s(symbol, since)
      cross join lateral (
        select t.time, t.seq, t.price from ticks t
        where t.symbol = s.symbol and t.time > s.since
        order by t.time desc, t.seq desc
        limit ${WINDOW_TICKS}
      ) t
      order by s.symbol, t.time, t.seq`.execute(m);
    const points = new Map<string, { time: Date; price: bigint }[]>();
    for (const row of rows.rows) {
      const list = points.get(row.symbol) ?? [];
      list.push({ time: new Date(row.time), price: BigInt(row.price) });
      points.set(row.symbol, list);
    }
    return new AnomalyGuard(
      new Map(products.map((product) => [product.symbol, product])),
      new Map(products.map((product) => [product.symbol, new SpikeWindow(points.get(product.symbol) ?? [])])),
    );
  }

  /** The anomaly `tick` shows, if any; null means it may be recorded. */
  judge(tick: FeedTick): Omit<RecordedAnomaly, "id"> | null {
    const product = this.#products.get(tick.symbol);
    if (!product) return null;
    const at = tick.time.toISOString();
    const price = formatScaled(tick.price, product.price_precision);
    const trades = (tick.citations ?? []).map((c) => ({
      source: `${c.exchange}:${c.instrument}`,
      price: c.price,
    }));
    const disagreement = disagreementOf(
      trades.map((trade) => trade.price),
      product.source_tolerance_bps,
    );
    if (disagreement) {
      return {
        symbol: tick.symbol,
        anomaly: {
          kind: "disagreement",
          at,
          price,
          ...disagreement,
          toleranceBps: product.source_tolerance_bps,
          trades,
        },
        reason: `price sources disagree by ${disagreement.spreadBps} bps (tolerance ${product.source_tolerance_bps}): ${trades.map((trade) => `${trade.source} ${grouped(trade.price)}`).join(", ")}`,
      };
    }
    const window = this.#windows.get(tick.symbol);
    const spike = window ? spikeOf(window.before(tick.time), tick, product.spike_sigmas) : null;
    if (!spike) return null;
    const previousPrice = formatScaled(spike.previous, product.price_precision);
    const sigmas = spike.sigmas.toFixed(1);
    return {
      symbol: tick.symbol,
      anomaly: { kind: "spike", at, price, previousPrice, sigmas, limitSigmas: product.spike_sigmas },
      reason: `price moved ${sigmas}σ in one tick: ${grouped(previousPrice)} → ${grouped(price)}`,
    };
  }

  /** A tick was recorded: the next is judged against it too. */
  recorded(tick: FeedTick): void {
    this.#windows.get(tick.symbol)?.add({ time: tick.time, price: tick.price });
  }
}

/**
 * Halts the product on the refused tick, in the caller's transaction: the anomaly is kept, and the
 * product goes into maintenance until an operator reopens it (its status then names no anomaly).
 */
export async function haltOnAnomaly(
  m: Executor,
  found: Omit<RecordedAnomaly, "id">,
): Promise<RecordedAnomaly> {
  const at = new Date(found.anomaly.at);
  const row = await m
    .insertInto("feed_anomalies")
    .values({
      symbol: found.symbol,
      kind: found.anomaly.kind,
      tick_time: at,
      price: found.anomaly.price,
      detail: JSON.stringify(found.anomaly),
      reason: found.reason,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await m
    .updateTable("products")
    .set({
      status: "maintenance",
      reopens_at: null,
      halt_silent_sources: null,
      halt_anomaly_id: row.id,
      updated_at: at,
    })
    .where("symbol", "=", found.symbol)
    .execute();
  return { ...found, id: row.id };
}

/**
 * What an operator's setting of a product's status does to the feed's halts: it takes the status over
 * (only they lift it now), and the spike detector's window starts again, so the first ticks after a
 * reopening are not judged against the volatility from before the halt (or the refused jump itself).
 */
export function operatorTakesStatus(now: Date) {
  return { halt_silent_sources: null, halt_anomaly_id: null, anomaly_window_from: now };
}

/** Digits grouped by thousands, as the reason is read in English: 67012.35 → 67,012.35. */
function grouped(decimal: string): string {
  const [whole = "", fraction] = decimal.split(".");
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}
