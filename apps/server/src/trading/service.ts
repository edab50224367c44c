import {
  type Contract,
  type ContractDetail,
  type ContractTick,
  fromMinor,
  type Tick,
  type Wallet,
} from "@tickfair/contract";
import { sql } from "kysely";
import { type JournalPosting, type Leg, lockUserAccounts, postJournal, systemAccountIds } from "../ledger";
import { usersWithLimits } from "../limits";
import { formatScaled } from "../market";
import { bigintArray, type Db, type Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import { enqueuePush, type PushEvent } from "../push";
import { exposureReleasedCtes } from "./exposure";
import { decideOutcome, payoutFor, type Result } from "./outcome";
import type { ContractRow } from "./schema";

/**
 * How far around a contract's start and expiry the feed must have a tick. No tick within this gap after
 * acceptance, or before expiry, and the contract is void with its stake returned (ARCHITECTURE §5).
 */
export const FEED_GAP_MS = 5_000;
/**
 * How long after a contract's window (the gap after acceptance, or its expiry) it is decided from what
 * is recorded although no later tick is: the feed has gone silent. Sooner, only a recorded tick after
 * the window decides it — ticks are stamped when made and written a moment later, so until one later
 * than the window shows, a tick stamped inside it may still arrive (the soak saw a new feed leader's
 * first ticks land after the contracts of its take-over had been voided).
 */
export const FEED_SILENCE_MS = 60_000;
/** The most ticks a contract's detail lists between its entry and its exit. */
export const DETAIL_TICK_LIMIT = 600;

/**
 * Gives each pending contract its entry: the first recorded tick of its symbol after acceptance (within
 * the feed gap), and expiry = entry time + duration. One statement for all of them; rows another worker
 * holds are skipped and picked up on its next run. `symbols` narrows the work to a tick batch's products.
 */
export async function assignEntries(
  db: Executor,
  symbols?: readonly string[],
  limit = 5_000,
): Promise<ContractRef[]> {
  if (symbols && symbols.length === 0) return [];
  const bySymbol = symbols ? sql`and c.symbol in (${sql.join([...symbols])})` : sql``;
  const gap = `${FEED_GAP_MS} milliseconds`;
  const result = await sql<{ id: bigint; user_id: bigint }>`
    with waiting as (
      select c.id, c.symbol, c.accepted_at, c.duration_seconds
      from contracts c
      where c.status = 'pending' ${bySymbol}
      order by c.id
      limit ${limit}
      for update skip locked
    ), entry as (
      select w.id, w.duration_seconds, t.seq, t.time, t.price, t.hash
      from waiting w
      cross join lateral (
        select t.seq, t.time, t.price, t.hash from ticks t
        where t.symbol = w.symbol and t.time > w.accepted_at and t.time <= w.accepted_at + ${gap}::interval
        order by t.time, t.seq
        limit 1
      ) t
    )
    update contracts c
    set status = 'open', entry_seq = entry.seq, entry_price = entry.price, entry_time = entry.time,
      entry_hash = entry.hash, expiry_at = entry.time + make_interval(secs => entry.duration_seconds)
    from entry
    where c.id = entry.id
    returning c.id, c.user_id`.execute(db);
  return result.rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

interface Due {
  id: bigint;
  order_no: string;
  user_id: bigint;
  wallet: Wallet;
  direction: "up" | "down";
  stake: bigint;
  payout_rate_bps: number;
  entry_price: bigint | null;
  exit_seq: bigint | null;
  exit_price: bigint | null;
}

/** A contract and whose it is: enough to tell its user. */
export interface ContractRef {
  id: bigint;
  userId: bigint;
}

export interface Settled extends ContractRef {
  result: Result;
  payout: bigint;
}

/** What settling one contract moves: its own posting's entries, and what the house gains (or pays when negative). */
export function settlementOf(
  contract: { stake: bigint; payoutRateBps: number; result: Result },
  accounts: { cash: bigint; frozen: bigint },
): { kind: "payout" | "stake_lost" | "refund"; payout: bigint; legs: Leg[]; houseGain: bigint } {
  const payout = payoutFor(contract.stake, contract.payoutRateBps, contract.result);
  const legs: Leg[] = [{ accountId: accounts.frozen, amount: -contract.stake }];
  if (payout > 0n) legs.push({ accountId: accounts.cash, amount: payout });
  const kind = contract.result === "win" ? "payout" : contract.result === "lose" ? "stake_lost" : "refund";
  return { kind, payout, legs, houseGain: contract.stake - payout };
}

/**
 * The settlement worker's step, safe to run on any number of processes at once (call assignEntries
 * first: only contracts with an entry can come due). In one transaction it claims up to `batchSize` due
 * contracts with FOR UPDATE SKIP LOCKED, so each is settled exactly once:
 * - an open contract whose expiry has passed, once its exit (the last tick at or before expiry) is final
 *   — a later tick is recorded, and the feed records its ticks in order — or the feed has been silent
 *   for FEED_SILENCE_MS since; without a tick within the gap before expiry it is void, and so it is
 *   when the feed refused an anomalous tick within its window (the product was halted on it: the
 *   price between entry and exit is in doubt, even if an operator reopened the product before expiry);
 * - a pending contract that got no tick within the gap after acceptance (feed outage), once a later tick
 *   is recorded or the feed has been silent as long: void.
 * Then it locks the claimed contracts' users' accounts, also with SKIP LOCKED: workers never wait for
 * each other (batches sharing users would otherwise queue behind each other's commits); a contract whose
 * user's accounts another transaction holds is left for a later run.
 * The whole batch is one journal written in one statement: each contract's posting (`payout`,
 * `stake_lost` or `refund`) moves its user's money, and one house posting per wallet takes the batch's
 * net — the real house for real contracts, the practice house for practice ones. The closed practice
 * contracts release no exposure and add to no limit's totals.
 * A crash before the commit leaves every claimed contract open and unclaimed for the next run.
 */
export async function settleDueContracts(db: Db, now: Date, batchSize = 500): Promise<Settled[]> {
  const gap = `${FEED_GAP_MS} milliseconds`;
  const silence = `${FEED_SILENCE_MS} milliseconds`;
  return db.transaction().execute(async (tx) => {
    // A batch reads and writes a few thousand rows by key, in tables a busy server keeps in memory; at
    // the default random_page_cost the planner would rather scan whole tables for them.
    await sql`set local random_page_cost = 1.1`.execute(tx);
    const open = await sql<Due>`
      select c.id, c.order_no, c.user_id, c.wallet, c.direction, c.stake, c.payout_rate_bps, c.entry_price,
        x.seq as exit_seq, x.price as exit_price
      from contracts c
      left join lateral (
        select t.seq, t.price from ticks t
        where t.symbol = c.symbol and t.time <= c.expiry_at and t.time > c.expiry_at - ${gap}::interval
          and not exists (select 1 from feed_anomalies a where a.symbol = c.symbol
            and a.tick_time > c.entry_time and a.tick_time <= c.expiry_at)
        order by t.time desc, t.seq desc
        limit 1
      ) x on true
      where c.status = 'open' and c.expiry_at <= ${now}::timestamptz
        and (exists (select 1 from ticks a where a.symbol = c.symbol and a.time > c.expiry_at)
          or c.expiry_at < ${now}::timestamptz - ${silence}::interval)
      order by c.expiry_at, c.id
      limit ${batchSize}
      for update of c skip locked`.execute(tx);
    const room = batchSize - open.rows.length;
    const stale =
      room <= 0
        ? []
        : (
            await sql<Due>`
      select c.id, c.order_no, c.user_id, c.wallet, c.direction, c.stake, c.payout_rate_bps, c.entry_price,
        null::bigint as exit_seq, null::bigint as exit_price
      from contracts c
      where c.status = 'pending' and c.accepted_at < ${now}::timestamptz - ${gap}::interval
        and not exists (select 1 from ticks t where t.symbol = c.symbol and t.time > c.accepted_at
          and t.time <= c.accepted_at + ${gap}::interval)
        and (exists (select 1 from ticks a where a.symbol = c.symbol and a.time > c.accepted_at + ${gap}::interval)
          or c.accepted_at < ${now}::timestamptz - ${gap}::interval - ${silence}::interval)
      order by c.id
      limit ${room}
      for update of c skip locked`.execute(tx)
          ).rows;
    const claimed = [...open.rows, ...stale];
    if (claimed.length === 0) return [];

    // SKIP LOCKED: a worker never waits for another whose batch shares a user (batches would queue
    // behind each other's commits). A contract whose user's accounts another transaction holds is left
    // for a later run; its claim ends at commit.
    const usersOf = (wallet: Wallet) => [
      ...new Set(claimed.filter((c) => c.wallet === wallet).map((c) => c.user_id)),
    ];
    const real = await lockUserAccounts(tx, usersOf("real"), ["cash", "frozen_trade"], { skipLocked: true });
    const practice = await lockUserAccounts(tx, usersOf("practice"), ["practice_cash", "practice_frozen"], {
      skipLocked: true,
    });
    const due = claimed.flatMap((c) => {
      if (c.wallet === "practice") {
        const ids = practice.get(c.user_id);
        return ids ? [{ c, accounts: { cash: ids.practice_cash, frozen: ids.practice_frozen } }] : [];
      }
      const ids = real.get(c.user_id);
      return ids ? [{ c, accounts: { cash: ids.cash, frozen: ids.frozen_trade } }] : [];
    });
    if (due.length === 0) return [];

    const settled: (Settled & { row: Due; exit: boolean })[] = [];
    const postings: JournalPosting[] = [];
    // Each wallet's house takes its own contracts' net: practice money never meets real money.
    const houseGain: Record<Wallet, bigint> = { real: 0n, practice: 0n };
    const houseCount: Record<Wallet, number> = { real: 0, practice: 0 };
    for (const { c, accounts } of due) {
      const exit = c.exit_seq !== null && c.exit_price !== null && c.entry_price !== null;
      const result: Result =
        exit && c.entry_price !== null && c.exit_price !== null
          ? decideOutcome(c.direction, c.entry_price, c.exit_price)
          : "void";
      const money = settlementOf({ stake: c.stake, payoutRateBps: c.payout_rate_bps, result }, accounts);
      houseGain[c.wallet] += money.houseGain;
      houseCount[c.wallet] += 1;
      postings.push({ kind: money.kind, userId: c.user_id, reference: c.order_no, legs: money.legs });
      settled.push({ id: c.id, userId: c.user_id, result, payout: money.payout, row: c, exit });
    }
    const system = await systemAccountIds(tx);
    const houses = (["practice", "real"] as const).filter((wallet) => houseGain[wallet] !== 0n);
    for (const wallet of houses) {
      postings.unshift({
        kind: "settlement_house",
        userId: null,
        reference: `${houseCount[wallet]} contracts`,
        legs: [
          { accountId: wallet === "real" ? system.house : system.practice_house, amount: houseGain[wallet] },
        ],
      });
    }
    const postingIds = await postJournal(tx, postings, now, "held");
    const settlePostings = postingIds.slice(houses.length);

    // One statement closes the whole batch, the exit tick's time and hash read where they are kept, and
    // adds what it paid back and closed to the quarter-hour totals the limits are judged by (usageSums),
    // for the users who have limits (keepClosedTotals), and what the closed contracts would have paid
    // to the exposure caps' released totals (exposure.ts).
    const column = <T>(pick: (s: (typeof settled)[number]) => T) => settled.map(pick);
    await sql`
      with closed as (
        update contracts c
        set status = v.status, result = v.result, payout = v.payout, settle_posting_id = v.posting_id,
          (exit_seq, exit_price, exit_time, exit_hash) = (
            select t.seq, t.price, t.time, t.hash from ticks t where t.symbol = c.symbol and t.seq = v.exit_seq
          ),
          settled_at = ${now}::timestamptz
        from unnest(
          ${bigintArray(column((s) => s.id))}::bigint[],
          ${column((s) => (s.result === "void" ? "void" : "settled"))}::text[],
          ${column((s) => s.result)}::text[],
          ${bigintArray(column((s) => s.payout))}::bigint[],
          ${bigintArray(settlePostings)}::bigint[],
          ${bigintArray(column((s) => (s.exit ? s.row.exit_seq : null)))}::bigint[]
        ) as v (id, status, result, payout, posting_id, exit_seq)
        where c.id = v.id
        returning c.user_id, c.wallet, c.symbol, c.direction, c.accepted_at, c.status, c.stake, c.payout_rate_bps,
          c.payout
      ), closed_real as (
        select * from closed where wallet = 'real'
      ), ${exposureReleasedCtes("closed_real")}
      insert into trading_closed_quarters as q (user_id, quarter_from, returned, voided, closed)
      select user_id, quarter_of(accepted_at), sum(payout), coalesce(sum(stake) filter (where status = 'void'), 0),
        count(*)
      from closed_real where user_id in (${usersWithLimits()}) group by 1, 2 order by 1, 2
      on conflict (user_id, quarter_from) do update set returned = q.returned + excluded.returned,
        voided = q.voided + excluded.voided, closed = q.closed + excluded.closed`.execute(tx);
    await enqueuePush(tx, settled.map(settledPush), now);
    return settled.map(({ id, userId, result, payout }) => ({ id, userId, result, payout }));
  });
}

/** The push that tells a contract's user it settled: the result and what it paid back. */
const settledPush = (s: Settled & { row: Due }): { userId: bigint; event: PushEvent } => ({
  userId: s.userId,
  event: {
    kind: "contract_settled",
    contractId: String(s.id),
    orderNo: s.row.order_no,
    result: s.result,
    payout: fromMinor(s.payout),
    practice: s.row.wallet === "practice",
  },
});

function tickOf(
  seq: bigint | null,
  time: Date | null,
  price: bigint | null,
  hash: string | null,
  precision: number,
): ContractTick | null {
  if (seq === null || time === null || price === null || hash === null) return null;
  return { seq: seq.toString(), time: time.toISOString(), price: formatScaled(price, precision), hash };
}

export function toContract(row: ContractRow, precision: number): Contract {
  return {
    id: row.id.toString(),
    wallet: row.wallet,
    orderNo: row.order_no,
    symbol: row.symbol,
    direction: row.direction,
    stake: fromMinor(row.stake),
    durationSeconds: row.duration_seconds,
    payoutRateBps: row.payout_rate_bps,
    status: row.status,
    acceptedAt: row.accepted_at.toISOString(),
    entry: tickOf(row.entry_seq, row.entry_time, row.entry_price, row.entry_hash, precision),
    expiresAt: row.expiry_at?.toISOString() ?? null,
    exit: tickOf(row.exit_seq, row.exit_time, row.exit_price, row.exit_hash, precision),
    result: row.result,
    payout: row.payout === null ? null : fromMinor(row.payout),
    profit: row.payout === null ? null : fromMinor(row.payout - row.stake),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function contractsWithPrecision(db: Executor) {
  return db
    .selectFrom("contracts as c")
    .innerJoin("products as p", "p.symbol", "c.symbol")
    .selectAll("c")
    .select("p.price_precision");
}

/** Contracts by id, in id order, for telling their users. */
export async function contractsByIds(db: Executor, ids: readonly bigint[]): Promise<Contract[]> {
  if (ids.length === 0) return [];
  const rows = await contractsWithPrecision(db)
    .where(sql<boolean>`c.id = any(${bigintArray(ids)}::bigint[])`)
    .orderBy("c.id")
    .execute();
  return rows.map((row) => toContract(row, row.price_precision));
}

/** The user's positions in one wallet: pending and open contracts, newest first. */
export async function listOpenContracts(
  db: Executor,
  userId: bigint,
  wallet: Wallet = "real",
): Promise<{ items: Contract[] }> {
  const rows = await contractsWithPrecision(db)
    .where("c.user_id", "=", userId)
    .where("c.wallet", "=", wallet)
    .where("c.status", "in", ["pending", "open"])
    .orderBy("c.id", "desc")
    .limit(500)
    .execute();
  return { items: rows.map((row) => toContract(row, row.price_precision)) };
}

const OPEN_STATUSES = ["pending", "open"] as const;
const CLOSED_STATUSES = ["settled", "void"] as const;

/** Closed positions (settled or void), newest first, `cursor` being the last id of the previous page. */
export async function listClosedContracts(
  db: Executor,
  userId: bigint,
  page: PageRequest,
  wallet: Wallet = "real",
): Promise<{ items: Contract[]; nextCursor: string | null }> {
  return listUserContracts(db, userId, page, "closed", wallet);
}

/**
 * A user's contracts of one wallet newest first (through contracts_user_wallet): all of them, or only
 * the open (pending and open) or closed (settled and void) ones.
 */
export async function listUserContracts(
  db: Executor,
  userId: bigint,
  page: PageRequest,
  state?: "open" | "closed",
  wallet: Wallet = "real",
): Promise<{ items: Contract[]; nextCursor: string | null }> {
  const statuses = state === "open" ? OPEN_STATUSES : CLOSED_STATUSES;
  return newestFirstPage(
    contractsWithPrecision(db)
      .where("c.user_id", "=", userId)
      .where("c.wallet", "=", wallet)
      .$if(state !== undefined, (q) => q.where("c.status", "in", statuses)),
    "c.id",
    page,
    (row) => toContract(row, row.price_precision),
  );
}

/** One of the user's contracts with its entry, exit and every tick between them (at most 600). */
export async function contractDetail(db: Executor, userId: bigint, id: bigint): Promise<ContractDetail> {
  const row = await contractsWithPrecision(db)
    .where("c.user_id", "=", userId)
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const contract = toContract(row, row.price_precision);
  let ticks: Tick[] = [];
  if (row.entry_seq !== null) {
    const last = row.exit_seq;
    const rows = await db
      .selectFrom("ticks")
      .select(["seq", "time", "price", "prev_hash", "hash"])
      .where("symbol", "=", row.symbol)
      .where("seq", ">=", row.entry_seq)
      .$if(last !== null, (q) => q.where("seq", "<=", last ?? 0n))
      .$if(last === null && row.expiry_at !== null, (q) =>
        q.where("time", "<=", row.expiry_at ?? new Date(0)),
      )
      .orderBy("seq")
      .limit(DETAIL_TICK_LIMIT)
      .execute();
    ticks = rows.map((tick) => ({
      symbol: row.symbol,
      seq: tick.seq.toString(),
      time: tick.time.toISOString(),
      price: formatScaled(tick.price, row.price_precision),
      prevHash: tick.prev_hash,
      hash: tick.hash,
    }));
  }
  return { ...contract, ticks };
}
