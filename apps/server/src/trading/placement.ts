import { type Contract, type PlaceContractRequest, toMinor } from "@tickfair/contract";
import { sql } from "kysely";
import { asLedgerError, writeLegs } from "../ledger/service";
import type { TradingSchedule } from "../market/catalogue";
import { effectiveStatus } from "../market/schedule";
import { productNotFound, symbolCode, symbolCodeOf } from "../market/service";
import { Batcher } from "../platform/batcher";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError, badRequest } from "../platform/errors";
import { type IdempotentResult, runIdempotent } from "../platform/idempotency";
import type { ContractRow } from "./schema";
import { toContract } from "./service";

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
}

/** An order the product's terms accept, with the rate it is fixed at. */
export interface AcceptedOrder {
  userId: bigint;
  symbol: string;
  direction: "up" | "down";
  stake: bigint;
  durationSeconds: number;
  payoutRateBps: number;
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
    seconds: number | null;
    payout_rate_bps: number | null;
  }>`
    select ${symbolCodeOf(sql.ref("p.symbol"))} as code, p.symbol, p.schedule, p.status, p.reopens_at,
      p.min_stake, p.max_stake, p.price_precision, d.seconds, d.payout_rate_bps
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
  if (status.status !== "open") throw new AppError("PRODUCT_CLOSED", 409);
  const payoutRateBps = terms.rates.get(input.durationSeconds);
  if (payoutRateBps === undefined) throw badRequest("DURATION_NOT_OFFERED");
  const stake = toMinor(input.stake);
  if (stake < terms.minStake || stake > terms.maxStake) throw badRequest("STAKE_OUT_OF_RANGE");
  return {
    userId,
    symbol: terms.symbol,
    direction: input.direction,
    stake,
    durationSeconds: input.durationSeconds,
    payoutRateBps,
    pricePrecision: terms.pricePrecision,
  };
}

/**
 * Writes accepted orders in one statement, in the caller's transaction: numbers each contract, posts
 * its stake cash → frozen_trade (writeLegs: the users' accounts locked in id order) and writes it
 * pending; the entry is the first tick after `now`, assigned when it is recorded (assignEntries).
 * One order overdrawing refuses the whole statement (INSUFFICIENT_BALANCE). Returns the contracts in
 * the orders' order.
 */
export async function writeContracts(
  tx: Tx,
  orders: readonly AcceptedOrder[],
  now: Date,
): Promise<Contract[]> {
  if (orders.length === 0) return [];
  const column = <T>(pick: (order: AcceptedOrder) => T) => orders.map(pick);
  try {
    // The ids first, so each stake posting names the order it froze money for.
    const placed = await sql<ContractRow & { ord: string }>`
      with o as materialized (
        select o.ord, nextval(pg_get_serial_sequence('contracts', 'id')) as id, o.user_id, o.symbol,
          o.direction, o.stake, o.duration_seconds, o.payout_rate_bps
        from unnest(${column((o) => String(o.userId))}::text[]::bigint[], ${column((o) => o.symbol)}::text[],
          ${column((o) => o.direction)}::text[], ${column((o) => String(o.stake))}::text[]::bigint[],
          ${column((o) => o.durationSeconds)}::int[], ${column((o) => o.payoutRateBps)}::int[])
          with ordinality as o (user_id, symbol, direction, stake, duration_seconds, payout_rate_bps, ord)
        order by o.ord
      ), posting as (
        insert into postings (kind, user_id, reference, created_at)
        select 'stake', o.user_id, 'C' || lpad(o.id::text, 10, '0'), ${now}::timestamptz from o
        returning id, reference
      ), numbered as (
        select o.*, posting.id as posting_id
        from o join posting on posting.reference = 'C' || lpad(o.id::text, 10, '0')
      ), legs as (
        select n.posting_id, held.id as account_id,
          case held.kind when 'cash' then -n.stake else n.stake end as amount, 0 as seq
        from numbered n
        join accounts held on held.user_id = n.user_id and held.kind in ('cash', 'frozen_trade')
      ), ${writeLegs(now)}, placed as (
        insert into contracts (id, user_id, symbol, direction, stake, duration_seconds, payout_rate_bps,
          status, accepted_at, stake_posting_id)
        select n.id, n.user_id, n.symbol, n.direction, n.stake, n.duration_seconds, n.payout_rate_bps,
          'pending', ${now}::timestamptz, n.posting_id
        from numbered n
        returning *
      )
      select placed.*, o.ord::text as ord from placed join o on o.id = placed.id order by o.ord`.execute(tx);
    if (placed.rows.length !== orders.length) throw new Error("contracts were not written");
    return placed.rows.map((row, index) => toContract(row, orders[index]?.pricePrecision ?? 0));
  } catch (error) {
    throw asLedgerError(error);
  }
}

/**
 * Places one order in the caller's transaction: the product's terms, then writeContracts. Used for an
 * order that is not placed in a batch (placeContracts).
 */
export async function placeContract(
  tx: Tx,
  user: { id: bigint },
  input: PlaceContractRequest,
  now: Date,
): Promise<Contract> {
  const code = orderCode(input);
  const terms = await productTerms(tx, [code]);
  const [contract] = await writeContracts(tx, [acceptOrder(terms.get(code), user.id, input, now)], now);
  if (!contract) throw new Error("contract was not written");
  return contract;
}

/** An order as it reaches the batch: whose, what, and its Idempotency-Key with the request's fingerprint. */
export interface Order {
  userId: bigint;
  input: PlaceContractRequest;
  key: string;
  fingerprint: string;
}

/**
 * What became of an order in a batch: placed (its key now holds the answer), refused by the product's
 * terms (nothing stored), or to be placed alone through the one-order path — a retry of a key already
 * used, a second order under the same key in the batch, or every order of a batch that failed as a whole.
 */
export type OrderOutcome = { placed: Contract } | { refused: AppError } | { alone: true };

/**
 * Places concurrent orders together, in one transaction of four statements whatever their number
 * (group commit): claims their Idempotency-Keys, reads the products' terms, writes the accepted
 * orders (writeContracts) and stores each key's answer. Any failure inside — one order overdrawing its
 * balance refuses the statement for all — rolls the batch back whole, and every order is then placed
 * alone, as if there had been no batch. An order refused by the product's terms gives its key back.
 */
export async function placeContracts(db: Db, orders: readonly Order[], now: Date): Promise<OrderOutcome[]> {
  const outcomes: OrderOutcome[] = orders.map(() => ({ alone: true }));
  const seen = new Set<string>();
  const candidates: number[] = [];
  orders.forEach((order, index) => {
    const scope = `${order.userId} ${order.key}`;
    if (seen.has(scope)) return;
    seen.add(scope);
    candidates.push(index);
  });
  const codes = new Map<number, string>();
  for (const index of candidates) {
    const order = orders[index];
    if (!order) continue;
    try {
      codes.set(index, orderCode(order.input));
    } catch {
      // Refused alone: its key may hold an earlier answer to replay.
    }
  }
  const eligible = candidates.filter((index) => codes.has(index));
  if (eligible.length === 0) return outcomes;
  const of = (index: number): Order => {
    const order = orders[index];
    if (!order) throw new Error("no such order");
    return order;
  };
  try {
    return await db.transaction().execute(async (tx) => {
      // Keys in one order for every batch, so two batches racing over the same keys (a client's
      // retries) queue instead of deadlocking.
      const claimed = await sql<{ user_id: string; key: string }>`
        insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        select k.user_id, k.key, k.request_hash, null, null, ${now}::timestamptz
        from unnest(${eligible.map((i) => String(of(i).userId))}::text[]::bigint[],
          ${eligible.map((i) => of(i).key)}::text[], ${eligible.map((i) => of(i).fingerprint)}::text[])
          as k (user_id, key, request_hash)
        order by k.user_id, k.key
        on conflict do nothing
        returning user_id::text as user_id, key`.execute(tx);
      const mine = new Set(claimed.rows.map((row) => `${row.user_id} ${row.key}`));
      const claimedOrders = eligible.filter((i) => mine.has(`${of(i).userId} ${of(i).key}`));
      const terms = await productTerms(tx, [...new Set(claimedOrders.map((i) => codes.get(i) ?? ""))]);
      const accepted: { index: number; order: AcceptedOrder }[] = [];
      const givenBack: number[] = [];
      for (const index of claimedOrders) {
        const order = of(index);
        try {
          accepted.push({
            index,
            order: acceptOrder(terms.get(codes.get(index) ?? ""), order.userId, order.input, now),
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes[index] = { refused: error };
          givenBack.push(index);
        }
      }
      if (givenBack.length > 0) {
        await sql`
          delete from idempotency_keys k
          using unnest(${givenBack.map((i) => String(of(i).userId))}::text[]::bigint[],
            ${givenBack.map((i) => of(i).key)}::text[]) as g (user_id, key)
          where k.user_id = g.user_id and k.key = g.key`.execute(tx);
      }
      const contracts = await writeContracts(
        tx,
        accepted.map((a) => a.order),
        now,
      );
      if (contracts.length > 0) {
        await sql`
          update idempotency_keys k set status_code = 201, response = a.response
          from unnest(${accepted.map((a) => String(of(a.index).userId))}::text[]::bigint[],
            ${accepted.map((a) => of(a.index).key)}::text[],
            ${contracts.map((contract) => JSON.stringify(contract))}::text[]::jsonb[]) as a (user_id, key, response)
          where k.user_id = a.user_id and k.key = a.key`.execute(tx);
      }
      accepted.forEach((a, n) => {
        const contract = contracts[n];
        if (contract) outcomes[a.index] = { placed: contract };
      });
      return outcomes;
    });
  } catch {
    return orders.map(() => ({ alone: true }));
  }
}

/**
 * Where orders are placed: in batches (placeContracts) while others are being written — one batch at a
 * time measured best (npm run bench -- trading: more at once made smaller batches and more round
 * trips) — and alone, under its Idempotency-Key, whenever the batch says so. Answers each order as the
 * one-order path would have.
 */
export class OrderDesk {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #batches: Batcher<Order, OrderOutcome>;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
    this.#batches = new Batcher((orders) => placeContracts(db, orders, clock.now()), {
      maxSize: 64,
      concurrency: 1,
    });
  }

  async place(order: Order): Promise<IdempotentResult<Contract>> {
    const outcome = await this.#batches.add(order);
    if ("placed" in outcome) return { status: 201, body: outcome.placed, replayed: false };
    if ("refused" in outcome) throw outcome.refused;
    const { userId, input, key, fingerprint } = order;
    return runIdempotent(this.#db, { userId, key, fingerprint, at: this.#clock.now() }, async (tx) => ({
      status: 201,
      body: await placeContract(tx, { id: userId }, input, this.#clock.now()),
    }));
  }
}
