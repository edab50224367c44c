import {
  type CandleInterval,
  type CandleList,
  type ChainVerification,
  type FeedMarket,
  fromMinor,
  type Locale,
  type Product,
  type ProductDuration,
  type ProductTermsHistory,
  type Tick,
  type Ticker,
  type TickList,
  toMinor,
  type UpdateProductRequest,
} from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { operatorTakesStatus } from "./anomaly-guard";
import { latestCandles } from "./candle-store";
import { requireChainFor } from "./chain-rule";
import { EXCHANGE_SOURCE, feedSourcesBySymbol } from "./feed-sources";
import { latestTick } from "./latest-tick";
import { formatScaled } from "./prices";
import { effectiveStatus } from "./schedule";
import type { ProductRow } from "./schema";
import { recordTerms, sameTerms, termsVersions } from "./terms";
import { latestTickers } from "./tickers";
import { citationsOf, type StoredTick, ticksInRange, verifyChain } from "./ticks";

/** The widest time range one ticks request may span; longer history is what candles are for. */
export const MAX_TICK_SPAN_MS = 24 * 60 * 60_000;
/** The most ticks one verification recomputes. */
export const MAX_VERIFY_TICKS = 10_000n;

export const productNotFound = () => new AppError("PRODUCT_NOT_FOUND");

/** "BTC/USDT", "btc-usdt" and "BTCUSDT" all name BTC/USDT (a unique index keeps that unambiguous). */
/** A symbol column's code in SQL, the expression the products_code index is built on. */
export function symbolCodeOf(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;
}

export function symbolCode(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase();
}

const fold = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** Search by symbol (ignoring case and separators) or by the name in any language, case-insensitively. */
export function matchesQuery(
  product: { symbol: string; names: Record<string, string> },
  query: string,
): boolean {
  const q = fold(query);
  if (q === "") return true;
  const code = symbolCode(query);
  if (code !== "" && symbolCode(product.symbol).includes(code)) return true;
  return Object.values(product.names).some((name) => fold(name).includes(q));
}

/**
 * What everyone reading a product sees of it now, the app and the console alike: its name in `locale`,
 * the status its schedule gives at `now`, its durations and stakes.
 */
export function productNow(row: ProductRow, durations: ProductDuration[], locale: Locale, now: Date) {
  const current = effectiveStatus(
    { schedule: row.schedule, status: row.status, reopensAt: row.reopens_at },
    now,
  );
  return {
    symbol: row.symbol,
    name: row.names[locale] ?? row.names.en ?? row.symbol,
    category: row.category,
    precision: row.price_precision,
    status: current.status,
    reopensAt: current.reopensAt?.toISOString() ?? null,
    pausedFor: pausedFor(row, current.status),
    durations,
    minStake: fromMinor(row.min_stake),
    maxStake: fromMinor(row.max_stake),
    simulated: row.source === "simulated",
  };
}

function pausedFor(row: ProductRow, status: string) {
  if (status !== "maintenance") return null;
  if (row.halt_anomaly_id !== null) return "unusual_price" as const;
  return row.halt_silent_sources !== null ? ("price_sources_down" as const) : null;
}

function toProduct(
  row: ProductRow,
  durations: ProductDuration[],
  ticker: Ticker | null,
  locale: Locale,
  now: Date,
  sources: readonly FeedMarket[],
): Product {
  return {
    ...productNow(row, durations, locale, now),
    names: row.names,
    priceSources: row.source === "simulated" ? [] : [...new Set(sources.map((source) => source.exchange))],
    ticker,
  };
}

export async function durationsOf(m: Executor, symbols: readonly string[]) {
  const map = new Map<string, ProductDuration[]>();
  if (symbols.length === 0) return map;
  const rows = await m
    .selectFrom("product_durations")
    .selectAll()
    .where("symbol", "in", symbols)
    .orderBy("symbol")
    .orderBy("seconds")
    .execute();
  for (const row of rows) {
    const list = map.get(row.symbol) ?? [];
    list.push({ seconds: row.seconds, payoutRateBps: row.payout_rate_bps });
    map.set(row.symbol, list);
  }
  return map;
}

async function productViews(db: Executor, rows: ProductRow[], locale: Locale, now: Date): Promise<Product[]> {
  const symbols = rows.map((row) => row.symbol);
  const [durations, tickers, sources] = await Promise.all([
    durationsOf(db, symbols),
    symbols.length > 0 ? latestTickers(db, now, symbols) : new Map<string, Ticker>(),
    feedSourcesBySymbol(db),
  ]);
  return rows.map((row) =>
    toProduct(
      row,
      durations.get(row.symbol) ?? [],
      tickers.get(row.symbol) ?? null,
      locale,
      now,
      sources.get(row.symbol) ?? [],
    ),
  );
}

export async function listProducts(
  db: Executor,
  now: Date,
  options: { q?: string | undefined; locale: Locale },
): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().orderBy("sort_order").orderBy("symbol").execute();
  const matching = options.q ? rows.filter((row) => matchesQuery(row, options.q ?? "")) : rows;
  return productViews(db, matching, options.locale, now);
}

/** The product a path parameter names, or PRODUCT_NOT_FOUND. */
export async function findProduct(db: Executor, symbol: string): Promise<ProductRow> {
  const code = symbolCode(symbol);
  if (code === "" || code.length > 40) throw productNotFound();
  const row = await db
    .selectFrom("products")
    .selectAll()
    .where(symbolCodeOf(sql.ref("symbol")), "=", code)
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return row;
}

export async function getProduct(db: Executor, now: Date, symbol: string, locale: Locale): Promise<Product> {
  const row = await findProduct(db, symbol);
  const [view] = await productViews(db, [row], locale, now);
  if (!view) throw productNotFound();
  return view;
}

/** Every version of a product's terms, newest first; PRODUCT_NOT_FOUND for an unknown product. */
export async function termsHistory(db: Executor, symbol: string): Promise<ProductTermsHistory> {
  const product = await findProduct(db, symbol);
  return termsVersions(db, product.symbol);
}

export async function productCandles(
  db: Executor,
  symbol: string,
  interval: CandleInterval,
  limit: number,
): Promise<CandleList> {
  const product = await findProduct(db, symbol);
  const rows = await latestCandles(db, product.symbol, interval, limit);
  const price = (value: bigint) => formatScaled(value, product.price_precision);
  return {
    symbol: product.symbol,
    interval,
    items: rows.map((row) => ({
      time: row.bucketStart.toISOString(),
      open: price(row.open),
      high: price(row.high),
      low: price(row.low),
      close: price(row.close),
      volume: formatScaled(row.volume, product.volume_precision),
    })),
  };
}

export function toWireTick(tick: StoredTick): Tick {
  return {
    symbol: tick.symbol,
    seq: tick.seq.toString(),
    time: tick.time.toISOString(),
    price: tick.priceText,
    prevHash: tick.prevHash,
    hash: tick.hash,
    ...(tick.citations && tick.citations.length > 0
      ? {
          sources: tick.citations.map((citation) => ({
            exchange: citation.exchange,
            instrument: citation.instrument,
            tradeId: citation.tradeId,
            price: citation.price,
            time: citation.time.toISOString(),
          })),
        }
      : {}),
  };
}

export interface TickQuery {
  fromSeq?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
}

export async function productTicks(db: Executor, symbol: string, query: TickQuery): Promise<TickList> {
  const product = await findProduct(db, symbol);
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (query.fromSeq !== undefined && from !== undefined) throw new AppError("RANGE_INVALID");
  if (query.fromSeq !== undefined && BigInt(query.fromSeq) < 1n) throw new AppError("RANGE_INVALID");
  if (from && to && from > to) throw new AppError("RANGE_INVALID");
  if (from && to && to.getTime() - from.getTime() > MAX_TICK_SPAN_MS) throw new AppError("RANGE_TOO_LARGE");
  const ticks = await ticksInRange(db, product.symbol, {
    ...(query.fromSeq !== undefined ? { fromSeq: BigInt(query.fromSeq) } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit: query.limit,
  });
  const citations = await citationsOf(
    db,
    product.symbol,
    ticks.map((tick) => tick.seq),
  );
  return { items: ticks.map((tick) => toWireTick({ ...tick, citations: citations.get(tick.seq) })) };
}

export async function verifyProductChain(
  db: Executor,
  symbol: string,
  fromSeqText: string,
  toSeqText: string,
): Promise<ChainVerification> {
  const product = await findProduct(db, symbol);
  const fromSeq = BigInt(fromSeqText);
  const toSeq = BigInt(toSeqText);
  if (fromSeq < 1n || fromSeq > toSeq) throw new AppError("RANGE_INVALID");
  if (toSeq - fromSeq + 1n > MAX_VERIFY_TICKS) throw new AppError("RANGE_TOO_LARGE");
  const head = await latestTick(db, product.symbol);
  // Nothing recorded there yet: nothing to vouch for.
  if (!head || fromSeq > head.seq) throw new AppError("RANGE_INVALID");
  const check = await verifyChain(db, product.symbol, fromSeq, toSeq < head.seq ? toSeq : head.seq);
  return {
    symbol: check.symbol,
    fromSeq: check.fromSeq.toString(),
    toSeq: check.toSeq.toString(),
    checked: check.checked,
    valid: check.valid,
    firstMismatchSeq: check.firstMismatchSeq?.toString() ?? null,
  };
}

/**
 * An operator's change to a product's status, trading hours, durations (rates) or stake limits, audited
 * with its reason in the same transaction. A change of the durations, rates or stake limits is a new
 * version of the published terms (product_terms). Contracts keep the terms they were placed under (each
 * stores its own payout rate and version); this applies to new ones.
 */
export async function updateProduct(
  db: Db,
  clock: Clock,
  operator: Operator,
  symbol: string,
  input: UpdateProductRequest,
  locale: Locale,
): Promise<Product> {
  const now = clock.now();
  const canonical = await db.transaction().execute(async (tx) => {
    const m = tx;
    const found = await findProduct(tx, symbol);
    const row = await m
      .selectFrom("products")
      .selectAll()
      .where("symbol", "=", found.symbol)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();

    const status = input.status ?? row.status;
    const schedule = input.schedule ?? row.schedule;
    let reopensAt: Date | null;
    if (input.reopensAt !== undefined)
      reopensAt = input.reopensAt === null ? null : new Date(input.reopensAt);
    else reopensAt = input.status === "maintenance" ? null : row.reopens_at;
    if (status === "open") {
      if (input.reopensAt) throw new AppError("REOPENS_AT_INVALID");
      reopensAt = null;
    } else if (reopensAt && reopensAt <= now) {
      throw new AppError("REOPENS_AT_INVALID");
    }
    // Prices of a simulated product exist only as a chain commits them: it opens only under one.
    if (input.status === "open" && row.status !== "open" && row.source !== EXCHANGE_SOURCE)
      await requireChainFor(tx, row.symbol, now);
    const minStake = input.minStake === undefined ? row.min_stake : toMinor(input.minStake);
    const maxStake = input.maxStake === undefined ? row.max_stake : toMinor(input.maxStake);
    if (minStake > maxStake) throw new AppError("STAKE_RANGE_INVALID");
    const durations = input.durations?.toSorted((a, b) => a.seconds - b.seconds);
    if (durations && new Set(durations.map((d) => d.seconds)).size !== durations.length) {
      throw new AppError("DURATIONS_INVALID");
    }

    const ratesBefore = (await durationsOf(m, [row.symbol])).get(row.symbol) ?? [];
    const termsBefore = { durations: ratesBefore, minStake: row.min_stake, maxStake: row.max_stake };
    const termsAfter = { durations: durations ?? ratesBefore, minStake, maxStake };
    // The terms' version moves with every change of the durations, the rates or the stake limits, in
    // this transaction, and the new table is stored beside it: a contract's recorded version always
    // names the published table its rate and stake came under.
    const termsChanged = !sameTerms(termsBefore, termsAfter);
    const payoutTableVersion = row.payout_table_version + (termsChanged ? 1 : 0);
    const before = {
      status: row.status,
      ...(row.halt_anomaly_id !== null ? { haltAnomalyId: String(row.halt_anomaly_id) } : {}),
      schedule: row.schedule,
      reopensAt: row.reopens_at?.toISOString() ?? null,
      minStake: fromMinor(row.min_stake),
      maxStake: fromMinor(row.max_stake),
      ...(durations ? { durations: ratesBefore } : {}),
      payoutTableVersion: row.payout_table_version,
    };
    await m
      .updateTable("products")
      .set({
        status,
        ...(input.status !== undefined ? operatorTakesStatus(now) : {}),
        schedule,
        reopens_at: reopensAt,
        min_stake: minStake,
        max_stake: maxStake,
        payout_table_version: payoutTableVersion,
        updated_at: now,
      })
      .where("symbol", "=", row.symbol)
      .execute();
    if (durations && !sameTerms({ ...termsBefore, durations }, termsBefore)) {
      await m.deleteFrom("product_durations").where("symbol", "=", row.symbol).execute();
      await m
        .insertInto("product_durations")
        .values(
          durations.map((d) => ({
            symbol: row.symbol,
            seconds: d.seconds,
            payout_rate_bps: d.payoutRateBps,
          })),
        )
        .execute();
    }
    if (termsChanged) await recordTerms(m, row.symbol, payoutTableVersion, now, termsAfter);
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "market.product.update",
      targetType: "product",
      targetId: row.symbol,
      reason: input.reason ?? null,
      detail: {
        before,
        after: {
          status,
          schedule,
          reopensAt: reopensAt?.toISOString() ?? null,
          minStake: fromMinor(minStake),
          maxStake: fromMinor(maxStake),
          ...(durations ? { durations } : {}),
          payoutTableVersion,
        },
      },
    });
    return row.symbol;
  });
  return getProduct(db, now, canonical, locale);
}
