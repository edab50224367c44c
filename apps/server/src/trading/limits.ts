import { type RawBuilder, sql } from "kysely";
import { lockUserAccounts } from "../ledger";
import {
  breakError,
  heldLimitsCtes,
  lockLimits,
  orderLimitError,
  type TradingUsage,
  withOrder,
} from "../limits";
import type { Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { periodStarts } from "../platform/platform-day";
import { lossStreakHolds, lossStreakRefusal } from "./loss-streak";

const NO_USAGE: TradingUsage = {
  staked: { day: 0n, "7d": 0n, "30d": 0n },
  lost: { day: 0n, "7d": 0n, "30d": 0n },
  openPositions: 0n,
};

interface UsageRow {
  user_id: bigint;
  staked_day: bigint;
  staked_week: bigint;
  staked_month: bigint;
  lost_day: bigint;
  lost_week: bigint;
  lost_month: bigint;
  open: bigint;
}

const usageOf = (row: UsageRow): TradingUsage => ({
  staked: { day: BigInt(row.staked_day), "7d": BigInt(row.staked_week), "30d": BigInt(row.staked_month) },
  lost: { day: BigInt(row.lost_day), "7d": BigInt(row.lost_week), "30d": BigInt(row.lost_month) },
  openPositions: BigInt(row.open),
});

/**
 * What the contracts of the last 30 platform days of users with limits add up to: stakes (void ones
 * excepted), losses (stake less payout; an unsettled contract's whole stake) and open positions.
 */
export async function tradingUsage(
  db: Executor,
  userIds: readonly bigint[],
  now: Date,
  timeZone: string,
): Promise<Map<bigint, TradingUsage>> {
  const usage = new Map<bigint, TradingUsage>();
  if (userIds.length === 0) return usage;
  const { rows } = await sql<UsageRow>`${usageSums(sql.join(userIds), now, timeZone)}`.execute(db);
  for (const row of rows) usage.set(BigInt(row.user_id), usageOf(row));
  return usage;
}

/**
 * The sums tradingUsage reads, as SQL over a CTE's users (who have limits), grouped by user: from the
 * quarter-hour totals placement and settlement keep (migrations/0026), which sum the same contracts as
 * usageOfContracts reads — stakes less voided ones, losses as stakes less what was paid back (so an open
 * contract's whole stake), open positions as placed less closed. One text for both, so the batch's
 * judgement and the one-order path's count alike.
 */
function usageSums(users: RawBuilder<unknown>, now: Date, timeZone: string) {
  return sql`select q.user_id,
      coalesce(sum(q.staked - q.voided) filter (where q.quarter_from >= b.day_from), 0) as staked_day,
      coalesce(sum(q.staked - q.voided) filter (where q.quarter_from >= b.week_from), 0) as staked_week,
      coalesce(sum(q.staked - q.voided), 0) as staked_month,
      coalesce(sum(q.staked - q.returned) filter (where q.quarter_from >= b.day_from), 0) as lost_day,
      coalesce(sum(q.staked - q.returned) filter (where q.quarter_from >= b.week_from), 0) as lost_week,
      coalesce(sum(q.staked - q.returned), 0) as lost_month,
      coalesce(sum(q.placed - q.closed), 0) as open
    from (${periodStarts(now, timeZone)}) b
    join (
      select user_id, quarter_from, staked, placed, 0 as returned, 0 as voided, 0 as closed
      from trading_placed_quarters
      union all
      select user_id, quarter_from, 0, 0, returned, voided, closed from trading_closed_quarters
    ) q on q.quarter_from >= b.month_from
    where q.user_id in (${users})
    group by q.user_id`;
}

/** The same sums as usageSums, for one user, read from their contracts of the last 30 platform days. */
function usageOfContracts(userId: bigint, now: Date, timeZone: string) {
  return sql`select c.user_id,
      coalesce(sum(c.stake) filter (where c.status <> 'void' and c.accepted_at >= b.day_from), 0) as staked_day,
      coalesce(sum(c.stake) filter (where c.status <> 'void' and c.accepted_at >= b.week_from), 0) as staked_week,
      coalesce(sum(c.stake) filter (where c.status <> 'void'), 0) as staked_month,
      coalesce(sum(c.stake - coalesce(c.payout, 0)) filter (where c.accepted_at >= b.day_from), 0) as lost_day,
      coalesce(sum(c.stake - coalesce(c.payout, 0)) filter (where c.accepted_at >= b.week_from), 0) as lost_week,
      coalesce(sum(c.stake - coalesce(c.payout, 0)), 0) as lost_month,
      count(*) filter (where c.status in ('pending', 'open')) as open
    from (${periodStarts(now, timeZone)}) b
    join contracts c on c.accepted_at >= b.month_from
    where c.user_id = ${userId} and c.wallet = 'real'
    group by c.user_id`;
}

/**
 * Starts keeping what settlement pays back and closes for a user given limits for the first time
 * (settlement adds to trading_closed_quarters only for users with limits: the rest have nothing to be
 * judged by, and settling is the hot path at an expiry second), from their contracts so far. Their
 * accounts are locked first, as settlement locks them (skipping a held user): no settlement of theirs
 * is half-way, and any later one sees their limits and adds to the totals itself.
 */
export async function keepClosedTotals(tx: Tx, userId: bigint): Promise<void> {
  await lockUserAccounts(tx, [userId], ["cash", "frozen_trade"], { skipLocked: false });
  await sql`
    insert into trading_closed_quarters as q (user_id, quarter_from, returned, voided, closed)
    select user_id, quarter_of(accepted_at), sum(payout), coalesce(sum(stake) filter (where status = 'void'), 0),
      count(*)
    from contracts where user_id = ${userId} and wallet = 'real' and status in ('settled', 'void')
    group by 1, 2
    on conflict (user_id, quarter_from) do update
      set returned = excluded.returned, voided = excluded.voided, closed = excluded.closed`.execute(tx);
}

/**
 * CTEs, in front of the placement batch's statement, that end in `limit_refused (ord)`: the orders of
 * `orders` (a CTE of user_id, stake, ord) that their users' limits or breaks may refuse, each judged
 * with the earlier orders of its user in the batch counted (refused ones too, so the batch is never
 * more lenient than orderLimitError), every order of a user paused by a loss streak, and every order
 * of a user whose limits row was written after the statement's snapshot. The users' limits rows stay locked until the statement commits. Those orders
 * are left out of the batch and placed alone, where the refusal is worded.
 */
export function limitRefusalCtes(orders: string, userIds: RawBuilder<unknown>, now: Date, timeZone: string) {
  const batch = sql.table(orders);
  return sql`${heldLimitsCtes(userIds, now)}, limits_usage as (
      ${usageSums(sql`select user_id from limits_held`, now, timeZone)}
    ), limit_running as (
      select o.ord, o.user_id,
        sum(o.stake) over (partition by o.user_id order by o.ord) as stake,
        count(*) over (partition by o.user_id order by o.ord) as orders
      from ${batch} o
    ), limit_refused as (
      select r.ord from limit_running r
      join limits_held h on h.user_id = r.user_id
      left join limits_usage u on u.user_id = r.user_id
      where h.stale or h.on_break or exists (
        select 1 from limits_in_force f
        where f.user_id = r.user_id and f.kind = 'loss_streak' and f.value is not null
          and ${lossStreakHolds(sql`r.user_id`, sql`f.value`, sql`h.loss_streak_acknowledged_at`, now)}
      ) or exists (
        select 1 from limits_in_force f
        where f.user_id = r.user_id and f.value is not null and case f.kind
          when 'stake_day' then coalesce(u.staked_day, 0) + r.stake > f.value
          when 'stake_7d' then coalesce(u.staked_week, 0) + r.stake > f.value
          when 'stake_30d' then coalesce(u.staked_month, 0) + r.stake > f.value
          when 'loss_day' then coalesce(u.lost_day, 0) + r.stake > f.value
          when 'loss_7d' then coalesce(u.lost_week, 0) + r.stake > f.value
          when 'loss_30d' then coalesce(u.lost_month, 0) + r.stake > f.value
          when 'open_positions' then coalesce(u.open, 0) + r.orders > f.value
          else false end
      )
    )`;
}

/**
 * One user's usage as their limits page shows it (none when they have no contracts in the last 30
 * days), from their contracts: a user who never set a limit has no settlement totals.
 */
export async function userTradingUsage(db: Executor, userId: bigint, now: Date, timeZone: string) {
  const { rows } = await sql<UsageRow>`${usageOfContracts(userId, now, timeZone)}`.execute(db);
  return rows[0] ? usageOf(rows[0]) : NO_USAGE;
}

/**
 * Judges orders by their users' limits and breaks, in the caller's transaction, which keeps the users'
 * limits locked until the orders are written: each order is judged with the ones before it in the list
 * counted, so orders placed at once never pass a limit together. Null for an order that may go ahead;
 * a loss streak's refusal carries its figures.
 */
export async function refuseOrdersPastLimits(
  tx: Tx,
  orders: readonly { userId: bigint; stake: bigint }[],
  now: Date,
  timeZone: string,
): Promise<(AppError | null)[]> {
  const held = await lockLimits(
    tx,
    orders.map((order) => order.userId),
    now,
  );
  if (held.size === 0) return orders.map(() => null);
  const limited = [...held]
    .filter(([, limits]) => limits.activeBreak || limits.inForce.size > 0)
    .map(([id]) => id);
  const usage = await tradingUsage(tx, limited, now, timeZone);
  const refusals: (AppError | null)[] = [];
  for (const { userId, stake } of orders) {
    const limits = held.get(userId);
    if (!limits) {
      refusals.push(null);
      continue;
    }
    const refusal = breakError(limits.activeBreak, now);
    if (refusal) {
      refusals.push(new AppError(refusal));
      continue;
    }
    const streak = limits.inForce.get("loss_streak");
    const paused = await lossStreakRefusal(tx, userId, streak, limits.lossStreakAcknowledgedAt, now);
    if (paused) {
      refusals.push(paused);
      continue;
    }
    const before = usage.get(userId) ?? NO_USAGE;
    const error = orderLimitError(limits.inForce, before, stake);
    if (!error) usage.set(userId, withOrder(before, stake));
    refusals.push(error ? new AppError(error) : null);
  }
  return refusals;
}
