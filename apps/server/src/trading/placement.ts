import {
  type Contract,
  fromMinor,
  type PlaceContractRequest,
  toMinor,
  type Wallet,
} from "@tickfair/contract";
import { winPayout } from "@tickfair/verify";
import { type RawBuilder, sql } from "kysely";
import { asLedgerError, transferEach } from "../ledger";
import { lockLimits } from "../limits";
import { Batcher } from "../platform/batcher";
import type { Clock } from "../platform/clock";
import { bigintArray, type Db, prepared, type Tx } from "../platform/db";
import { claimAnsweredKeys, type IdempotentResult, runIdempotent } from "../platform/idempotency";
import { toContract } from "./contract-reads";
import {
  ensureExposureRows,
  exposurePlacedCtes,
  exposureRefusalCtes,
  type HeldExposure,
  lockExposure,
  refuseOrderPastCaps,
} from "./exposure";
import { limitRefusalCtes, refuseOrdersPastLimits } from "./limits";
import {
  type AcceptedOrder,
  acceptOrder,
  orderCode,
  type ProductTerms,
  productTerms,
  requireFreshQuote,
  TermsBook,
} from "./order-terms";
import type { ContractRow } from "./schema";

/** A contract's order number from its id, as the contracts table generates it (migrations/0004_trading.sql). */
const orderNoOf = (id: RawBuilder<unknown>) => sql`'C' || lpad(${id}::text, 10, '0')`;

/**
 * The CTEs that write the orders of a CTE `o (id, user_id, symbol, direction, stake, duration_seconds,
 * payout_rate_bps, reference, amount)` — `reference` its order number, `amount` its stake — among them
 * `placed` (the contracts written): through the ledger, a posting per order, named by its order number,
 * that moves its stake cash → frozen_trade; and the contract, pending; its entry is the first tick after
 * `now`, assigned when that tick is recorded (assignEntries); and what the users staked, added to the
 * quarter hour's totals the limits are judged by (usageSums); and what they would pay if they won, to
 * the exposure caps' running totals (exposure.ts). One order overdrawing refuses the whole statement.
 * A practice order (`wallet`) moves practice_cash → practice_frozen and adds to neither total.
 */
function contractWrites(now: Date, wallet: Wallet = "real") {
  const [from, to] = wallet === "real" ? (["cash", "frozen_trade"] as const) : PRACTICE_HELD;
  const placed = sql`${transferEach({ rows: "o", as: "numbered", kind: "stake", from, to, at: now })}, placed as (
        insert into contracts (id, user_id, wallet, symbol, direction, stake, duration_seconds, payout_rate_bps,
          payout_table_version, status, accepted_at, stake_posting_id)
        select n.id, n.user_id, ${wallet}, n.symbol, n.direction, n.stake, n.duration_seconds, n.payout_rate_bps,
          n.payout_table_version, 'pending', ${now}::timestamptz, n.posting_id
        from numbered n
        returning *
      )`;
  // Practice stakes count toward no limit and no exposure: they are nobody's money.
  if (wallet === "practice") return placed;
  return sql`${placed}, placed_quarters as (
        insert into trading_placed_quarters as q (user_id, quarter_from, staked, placed)
        select user_id, quarter_of(${now}::timestamptz), sum(stake), count(*) from placed
        group by user_id order by user_id
        on conflict (user_id, quarter_from)
          do update set staked = q.staked + excluded.staked, placed = q.placed + excluded.placed
      ), ${exposurePlacedCtes("placed")}`;
}

/** The practice account's pair: stakes move from its cash to its frozen account. */
const PRACTICE_HELD = ["practice_cash", "practice_frozen"] as const;

/**
 * Writes accepted orders in one statement, in the caller's transaction (contractWrites); the ids are
 * drawn first, so each stake posting names the order it froze money for. One order overdrawing refuses
 * the whole statement (INSUFFICIENT_BALANCE). Returns the contracts in the orders' order.
 */
export async function writeContracts(
  tx: Tx,
  orders: readonly AcceptedOrder[],
  now: Date,
  wallet: Wallet = "real",
): Promise<Contract[]> {
  if (orders.length === 0) return [];
  const column = <T>(pick: (order: AcceptedOrder) => T) => orders.map(pick);
  try {
    const placed = await sql<ContractRow & { ord: string }>`
      with drawn as materialized (
        select o.ord, nextval(pg_get_serial_sequence('contracts', 'id')) as id, o.user_id, o.symbol,
          o.direction, o.stake, o.duration_seconds, o.payout_rate_bps, o.payout_table_version
        from unnest(${bigintArray(column((o) => o.userId))}::bigint[], ${column((o) => o.symbol)}::text[],
          ${column((o) => o.direction)}::text[], ${bigintArray(column((o) => o.stake))}::bigint[],
          ${column((o) => o.durationSeconds)}::int[], ${column((o) => o.payoutRateBps)}::int[],
          ${column((o) => o.payoutTableVersion)}::int[])
          with ordinality as o (user_id, symbol, direction, stake, duration_seconds, payout_rate_bps,
            payout_table_version, ord)
        order by o.ord
      ), o as materialized (
        select drawn.*, ${orderNoOf(sql.ref("drawn.id"))} as reference, drawn.stake as amount from drawn
      ), ${contractWrites(now, wallet)}
      select placed.*, o.ord::text as ord from placed join o on o.id = placed.id order by o.ord`.execute(tx);
    if (placed.rows.length !== orders.length) throw new Error("contracts were not written");
    return placed.rows.map((row, index) => toContract(row, orders[index]?.pricePrecision ?? 0));
  } catch (error) {
    throw asLedgerError(error);
  }
}

/**
 * Places one order in the caller's transaction: the product's terms, its quote's freshness, the
 * exposure caps (`exposure`: its totals, locked by lockExposure), then writeContracts. Used for an
 * order that is not placed in a batch (placeContracts).
 */
export async function placeContract(
  tx: Tx,
  user: { id: bigint },
  input: PlaceContractRequest,
  now: Date,
  quoteMaxAgeMs: number,
  exposure: HeldExposure,
): Promise<Contract> {
  const code = orderCode(input);
  const terms = await productTerms(tx, [code]);
  const accepted = acceptOrder(terms.get(code), user.id, input, now);
  await requireFreshQuote(tx, accepted, input.quoteSeq, now, quoteMaxAgeMs);
  refuseOrderPastCaps(exposure, winPayout(accepted.stake, accepted.payoutRateBps));
  const [contract] = await writeContracts(tx, [accepted], now);
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
 * What became of an order in a batch: placed (its key now holds the answer), or to be placed alone
 * through the one-order path — refused by the terms the batch knew (the key may hold an earlier answer
 * to replay, and the terms may have changed since), a key already used, a second order under the same
 * key in the batch, terms changed since they were read, or every order of a batch that failed as a whole.
 */
export type OrderOutcome = { placed: Contract } | { alone: true };

/** An order the batch's terms accept, with the terms it was judged by and the answer it will get. */
interface BatchedOrder {
  index: number;
  order: Order;
  code: string;
  terms: ProductTerms;
  accepted: AcceptedOrder;
}

/**
 * The answer to a placed order, but for its id and order number (drawn when it is written): a pending
 * contract as toContract shows one, accepted `now` with no entry yet.
 */
function pendingAnswer(order: AcceptedOrder, now: Date): Omit<Contract, "id" | "orderNo"> {
  return {
    wallet: "real",
    symbol: order.symbol,
    direction: order.direction,
    stake: fromMinor(order.stake),
    durationSeconds: order.durationSeconds,
    payoutRateBps: order.payoutRateBps,
    status: "pending",
    acceptedAt: now.toISOString(),
    entry: null,
    expiresAt: null,
    exit: null,
    result: null,
    payout: null,
    profit: null,
    settledAt: null,
  };
}

/**
 * Places concurrent orders together in one statement, whatever their number (group commit): each order
 * the terms in `book` accept is written only if the product still has exactly those terms (status,
 * reopening time, trading hours, stake limits, the duration's rate), its quote is a tick of the product
 * no older than `quoteMaxAgeMs`, its Idempotency-Key is still free, and its user's limits let it through
 * (an order past them, or of a user whose limits changed while the statement waited for them, is placed
 * alone, to be refused with the limit it reaches: limitRefusalCtes), nor an exposure cap (likewise
 * placed alone: exposureRefusalCtes; the totals' rows are made first by ensureExposureRows, except
 * those `exposureRows` holds, the keys of rows this desk made before). The users'
 * limits are locked first, then the exposure totals, then each key is claimed with its answer, in key
 * order, before any account is locked (the one-order path's order too, so the two never deadlock);
 * then the orders are written (contractWrites). Any failure — one order overdrawing refuses the
 * statement for all — writes nothing, and every order is then placed alone, as if there had been no
 * batch.
 */
export async function placeContracts(
  db: Db,
  orders: readonly Order[],
  now: Date,
  book: TermsBook,
  quoteMaxAgeMs: number,
  timeZone: string,
  exposureRows: Set<string> = new Set(),
): Promise<OrderOutcome[]> {
  const outcomes: OrderOutcome[] = orders.map(() => ({ alone: true }));
  const seen = new Set<string>();
  const codes = new Map<number, string>();
  orders.forEach((order, index) => {
    const scope = `${order.userId} ${order.key}`;
    if (seen.has(scope)) return;
    seen.add(scope);
    try {
      codes.set(index, orderCode(order.input));
    } catch {
      // Refused alone: its key may hold an earlier answer to replay.
    }
  });
  if (codes.size === 0) return outcomes;
  let batch: BatchedOrder[];
  try {
    const known = await book.termsOf(db, codes.values());
    batch = [...codes].flatMap(([index, code]) => {
      const order = orders[index];
      const terms = known.get(code);
      if (!order || !terms) return [];
      try {
        return [{ index, order, code, terms, accepted: acceptOrder(terms, order.userId, order.input, now) }];
      } catch {
        return [];
      }
    });
  } catch {
    return outcomes;
  }
  if (batch.length === 0) return outcomes;
  try {
    // Rows are never deleted: the ones this desk made or saw are not asked for again.
    const rows = batch.map((b) => ({
      userId: b.order.userId,
      symbol: b.terms.symbol,
      direction: b.accepted.direction,
      keys: [`${b.terms.symbol} ${b.accepted.direction}`, `${b.order.userId} ${b.terms.symbol}`],
    }));
    const missing = rows.filter((row) => row.keys.some((rowKey) => !exposureRows.has(rowKey)));
    await ensureExposureRows(db, missing);
    for (const row of missing) for (const rowKey of row.keys) exposureRows.add(rowKey);
    const column = <T>(pick: (entry: BatchedOrder) => T) => batch.map(pick);
    const userIds = bigintArray(column((b) => b.order.userId));
    const placed = await prepared(sql<{ ord: string; response: Contract }>`
      with batch_orders as (
        select * from unnest(${userIds}::bigint[], ${bigintArray(column((b) => b.accepted.stake))}::bigint[])
          with ordinality as b (user_id, stake, ord)
      ), ${limitRefusalCtes("batch_orders", sql`${userIds}::bigint[]`, now, timeZone)},
      cap_orders as (
        select c.* from unnest(${userIds}::bigint[], ${column((b) => b.terms.symbol)}::text[],
          ${column((b) => b.accepted.direction)}::text[],
          ${bigintArray(column((b) => winPayout(b.accepted.stake, b.accepted.payoutRateBps)))}::bigint[])
          with ordinality as c (user_id, symbol, direction, payout, ord)
        where not exists (select 1 from limit_refused r where r.ord = c.ord)
      ), ${exposureRefusalCtes("cap_orders")},
      offered as materialized (
        select o.ord, nextval(pg_get_serial_sequence('contracts', 'id')) as id, o.user_id, o.key,
          o.request_hash, o.answer, o.symbol, o.direction, o.stake, o.duration_seconds, o.payout_rate_bps,
          p.payout_table_version
        from unnest(${bigintArray(column((b) => b.order.userId))}::bigint[], ${column((b) => b.order.key)}::text[],
          ${column((b) => b.order.fingerprint)}::text[],
          ${column((b) => JSON.stringify(pendingAnswer(b.accepted, now)))}::text[]::jsonb[],
          ${column((b) => b.terms.symbol)}::text[], ${column((b) => b.accepted.direction)}::text[],
          ${bigintArray(column((b) => b.accepted.stake))}::bigint[],
          ${column((b) => b.accepted.durationSeconds)}::int[], ${column((b) => b.accepted.payoutRateBps)}::int[],
          ${column((b) => b.terms.status)}::text[],
          ${column((b) => b.terms.reopensAt?.toISOString() ?? null)}::text[]::timestamptz[],
          ${column((b) => b.terms.schedule)}::text[], ${column((b) => b.order.input.quoteSeq)}::bigint[])
          with ordinality as o (user_id, key, request_hash, answer, symbol, direction, stake, duration_seconds,
            payout_rate_bps, status, reopens_at, schedule, quote_seq, ord)
        join products p on p.symbol = o.symbol and p.status = o.status
          and p.reopens_at is not distinct from o.reopens_at and p.schedule = o.schedule
          and o.stake between p.min_stake and p.max_stake
        join product_durations d on d.symbol = o.symbol and d.seconds = o.duration_seconds
          and d.payout_rate_bps = o.payout_rate_bps
        join ticks q on q.symbol = o.symbol and q.seq = o.quote_seq
          and q.time >= ${new Date(now.getTime() - quoteMaxAgeMs)}::timestamptz
        where not exists (select 1 from limit_refused r where r.ord = o.ord)
          and not exists (select 1 from cap_refused r where r.ord = o.ord)
        order by o.ord
      ), ${claimAnsweredKeys({
        rows: "offered",
        as: "keyed",
        statusCode: 201,
        response: sql`answer || jsonb_build_object('id', id::text, 'orderNo', ${orderNoOf(sql.ref("id"))})`,
        at: now,
      })}, o as materialized (
        select offered.*, keyed.response, ${orderNoOf(sql.ref("offered.id"))} as reference, offered.stake as amount
        from offered join keyed using (user_id, key)
      ), ${contractWrites(now)}
      select o.ord::text as ord, o.response from o join placed on placed.id = o.id`).execute(db);
    const written = new Set<BatchedOrder>();
    for (const row of placed.rows) {
      const entry = batch[Number(row.ord) - 1];
      if (!entry) continue;
      outcomes[entry.index] = { placed: row.response };
      written.add(entry);
    }
    // An order left out may have met changed terms: the next batch reads its product afresh.
    book.forget(batch.filter((entry) => !written.has(entry)).map((entry) => entry.code));
  } catch {
    return orders.map(() => ({ alone: true }));
  }
  return outcomes;
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
  readonly #quoteMaxAgeMs: number;
  readonly #timeZone: string;

  /** `timeZone`: the platform's (PLATFORM_TZ), where a limit's day begins. */
  constructor(db: Db, clock: Clock, quoteMaxAgeMs: number, timeZone: string) {
    this.#db = db;
    this.#clock = clock;
    this.#quoteMaxAgeMs = quoteMaxAgeMs;
    this.#timeZone = timeZone;
    const book = new TermsBook();
    const exposureRows = new Set<string>();
    this.#batches = new Batcher(
      (orders) => placeContracts(db, orders, clock.now(), book, quoteMaxAgeMs, timeZone, exposureRows),
      { maxSize: 64, concurrency: 1 },
    );
  }

  async place(order: Order): Promise<IdempotentResult<Contract>> {
    const outcome = await this.#batches.add(order);
    if ("placed" in outcome) return { status: 201, body: outcome.placed, replayed: false };
    const { userId, input, key, fingerprint } = order;
    const now = this.#clock.now();
    let exposure: HeldExposure | undefined;
    await ensureExposureRows(this.#db, [{ userId, symbol: input.symbol, direction: input.direction }]);
    return runIdempotent(
      this.#db,
      { userId, key, fingerprint, at: now },
      async (tx) => {
        const [refusal] = await refuseOrdersPastLimits(
          tx,
          [{ userId, stake: toMinor(input.stake) }],
          now,
          this.#timeZone,
        );
        if (refusal) throw refusal;
        if (!exposure) throw new Error("exposure was not locked");
        return {
          status: 201,
          body: await placeContract(tx, { id: userId }, input, now, this.#quoteMaxAgeMs, exposure),
        };
      },
      async (tx) => {
        await lockLimits(tx, [userId], now);
        exposure = await lockExposure(tx, userId, input.symbol, input.direction);
      },
    );
  }
}
