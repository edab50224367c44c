import {
  type FeedMarket,
  fromMinor,
  type Locale,
  type Product,
  type ProductDuration,
  type ProductTermsHistory,
  type Ticker,
} from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { feedSourcesBySymbol } from "./feed-sources";
import { effectiveStatus } from "./schedule";
import type { ProductRow } from "./schema";
import { termsVersions } from "./terms";
import { latestTickers } from "./tickers";

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
