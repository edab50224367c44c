import { fromMinor, type Wallet } from "@tickfair/contract";
import { sql } from "kysely";
import { type JournalPosting, type Leg, lockUserAccounts, postJournal, systemAccountIds } from "../ledger";
import { usersWithLimits } from "../limits";
import { bigintArray, type Db } from "../platform/db";
import { enqueuePush, type PushEvent } from "../push";
import { exposureReleasedCtes } from "./exposure";
import { decideOutcome, payoutFor, type Result } from "./outcome";
import { type ContractRef, FEED_GAP_MS, FEED_SILENCE_MS } from "./service";

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
            select t.seq, t.price, t.time, encode(t.hash, 'hex') from ticks t where t.symbol = c.symbol and t.seq = v.exit_seq
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
