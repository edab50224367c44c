import { type PlaceContractRequest, toMinor } from "@tickfair/contract";
import { sql } from "kysely";
import type { TradingSchedule } from "../market";
import { effectiveStatus, productNotFound, symbolCode, symbolCodeOf } from "../market";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";

/*
 * What an order must meet before it is written: its product's terms (open, the duration offered, the
 * stake within limits) and a fresh quote. Pure where it can be (acceptOrder, isQuoteFresh).
 */

/** A product's terms for orders: when it trades, its stake limits, and each duration's payout rate. */
export interface ProductTerms {
  symbol: string;
  schedule: TradingSchedule;
  status: "open" | "maintenance";
  reopensAt: Date | null;
  minStake: bigint;
  maxStake: bigint;
  pricePrecision: number;
  /** Payout rate in basis points by duration in seconds. */
  rates: Map<number, number>;
  /** The version of `rates` (products.payout_table_version), read with them. */
  payoutTableVersion: number;
}

/** An order the product's terms accept, with the rate it is fixed at. */
export interface AcceptedOrder {
  userId: bigint;
  symbol: string;
  direction: "up" | "down";
  stake: bigint;
  durationSeconds: number;
  payoutRateBps: number;
  /** The payout table version the rate was taken from. */
  payoutTableVersion: number;
  pricePrecision: number;
}

/** The terms of the products whose symbol codes (symbolCode) are given, by code. */
export async function productTerms(
  db: Executor,
  codes: readonly string[],
): Promise<Map<string, ProductTerms>> {
  const terms = new Map<string, ProductTerms>();
  if (codes.length === 0) return terms;
  const rows = await sql<{
    code: string;
    symbol: string;
    schedule: TradingSchedule;
    status: "open" | "maintenance";
    reopens_at: Date | null;
    min_stake: bigint;
    max_stake: bigint;
    price_precision: number;
    payout_table_version: number;
    seconds: number | null;
    payout_rate_bps: number | null;
  }>`
    select ${symbolCodeOf(sql.ref("p.symbol"))} as code, p.symbol, p.schedule, p.status, p.reopens_at,
      p.min_stake, p.max_stake, p.price_precision, p.payout_table_version, d.seconds, d.payout_rate_bps
    from products p
    left join product_durations d on d.symbol = p.symbol
    where ${symbolCodeOf(sql.ref("p.symbol"))} = any(${[...codes]}::text[])`.execute(db);
  for (const row of rows.rows) {
    let product = terms.get(row.code);
    if (!product) {
      product = {
        symbol: row.symbol,
        schedule: row.schedule,
        status: row.status,
        reopensAt: row.reopens_at,
        minStake: row.min_stake,
        maxStake: row.max_stake,
        pricePrecision: row.price_precision,
        rates: new Map(),
        payoutTableVersion: row.payout_table_version,
      };
      terms.set(row.code, product);
    }
    if (row.seconds !== null && row.payout_rate_bps !== null)
      product.rates.set(row.seconds, row.payout_rate_bps);
  }
  return terms;
}

/** The symbol code an order names, or PRODUCT_NOT_FOUND for one no product can have. */
export function orderCode(input: PlaceContractRequest): string {
  const code = symbolCode(input.symbol);
  if (code === "" || code.length > 40) throw productNotFound();
  return code;
}

/**
 * Whether the product's terms accept an order now: the product must exist and be open, the duration
 * offered, the stake within the product's limits. Fixes the payout rate; throws the refusal otherwise.
 */
export function acceptOrder(
  terms: ProductTerms | undefined,
  userId: bigint,
  input: PlaceContractRequest,
  now: Date,
): AcceptedOrder {
  if (!terms) throw productNotFound();
  const status = effectiveStatus(
    { schedule: terms.schedule, status: terms.status, reopensAt: terms.reopensAt },
    now,
  );
  if (status.status !== "open") throw new AppError("PRODUCT_CLOSED");
  const payoutRateBps = terms.rates.get(input.durationSeconds);
  if (payoutRateBps === undefined) throw new AppError("DURATION_NOT_OFFERED");
  const stake = toMinor(input.stake);
  if (stake < terms.minStake || stake > terms.maxStake) throw new AppError("STAKE_OUT_OF_RANGE");
  return {
    userId,
    symbol: terms.symbol,
    direction: input.direction,
    stake,
    durationSeconds: input.durationSeconds,
    payoutRateBps,
    payoutTableVersion: terms.payoutTableVersion,
    pricePrecision: terms.pricePrecision,
  };
}

/**
 * Whether a quote — the tick the user confirmed the order at — is still fresh when the order arrives:
 * no more than `maxAgeMs` old. An order held up by the network is refused rather than placed at a
 * price the user never saw.
 */
export function isQuoteFresh(quoteTime: Date, now: Date, maxAgeMs: number): boolean {
  return now.getTime() - quoteTime.getTime() <= maxAgeMs;
}

/** Refuses with QUOTE_EXPIRED an order whose quote is not a recorded tick of its product, or is stale. */
export async function requireFreshQuote(
  db: Executor,
  order: AcceptedOrder,
  quoteSeq: string,
  now: Date,
  maxAgeMs: number,
): Promise<void> {
  // Bounded by the quote's age as well, so the lookup opens only the newest month of the product's ticks.
  const quote = await sql<{ time: Date }>`
    select time from ticks where symbol = ${order.symbol} and seq = ${quoteSeq}::bigint
      and time >= ${new Date(now.getTime() - maxAgeMs)}::timestamptz`.execute(db);
  const time = quote.rows[0]?.time;
  if (!time || !isQuoteFresh(time, now, maxAgeMs)) throw new AppError("QUOTE_EXPIRED");
}

/**
 * The product terms a batch judges its orders by, read at most once a second per product and process.
 * Being stale costs time, never a wrong contract: the batch's statement places an order only under the
 * terms it was judged by (placeContracts), and any other order is placed alone under fresh terms.
 */
export class TermsBook {
  readonly #maxAgeMs: number;
  readonly #known = new Map<string, { terms: ProductTerms | undefined; readAt: number }>();

  constructor(maxAgeMs = 1_000) {
    this.#maxAgeMs = maxAgeMs;
  }

  /** The terms of the products with these symbol codes, read again where older than the limit. */
  async termsOf(db: Executor, codes: Iterable<string>): Promise<Map<string, ProductTerms | undefined>> {
    const at = performance.now();
    const wanted = new Set(codes);
    const stale = [...wanted].filter((code) => {
      const known = this.#known.get(code);
      return !known || at - known.readAt > this.#maxAgeMs;
    });
    if (stale.length > 0) {
      const read = await productTerms(db, stale);
      for (const code of stale) this.#known.set(code, { terms: read.get(code), readAt: at });
    }
    return new Map([...wanted].map((code) => [code, this.#known.get(code)?.terms]));
  }

  /** Reads these products' terms afresh next time. */
  forget(codes: Iterable<string>): void {
    for (const code of codes) this.#known.delete(code);
  }
}
