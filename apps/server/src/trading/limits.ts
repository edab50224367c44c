import type { ErrorCode } from "@tickfair/contract";
import { sql } from "kysely";
import { breakError, lockLimits, orderLimitError, type TradingUsage, withOrder } from "../limits";
import type { Executor, Tx } from "../platform/db";
import { periodStarts } from "../platform/platform-day";

const NO_USAGE: TradingUsage = {
  staked: { day: 0n, "7d": 0n, "30d": 0n },
  lost: { day: 0n, "7d": 0n, "30d": 0n },
  openPositions: 0n,
};

/**
 * What the users' contracts of the last 30 platform days add up to: stakes (void ones excepted), losses
 * (stake less payout; an unsettled contract's whole stake) and open positions.
 */
export async function tradingUsage(
  db: Executor,
  userIds: readonly bigint[],
  now: Date,
  timeZone: string,
): Promise<Map<bigint, TradingUsage>> {
  const usage = new Map<bigint, TradingUsage>();
  if (userIds.length === 0) return usage;
  const { rows } = await sql<{
    user_id: bigint;
    staked_day: bigint;
    staked_week: bigint;
    staked_month: bigint;
    lost_day: bigint;
    lost_week: bigint;
    lost_month: bigint;
    open: bigint;
  }>`
    select c.user_id,
      coalesce(sum(c.stake) filter (where c.status <> 'void' and c.accepted_at >= b.day_from), 0) as staked_day,
      coalesce(sum(c.stake) filter (where c.status <> 'void' and c.accepted_at >= b.week_from), 0) as staked_week,
      coalesce(sum(c.stake) filter (where c.status <> 'void'), 0) as staked_month,
      coalesce(sum(c.stake - coalesce(c.payout, 0)) filter (where c.accepted_at >= b.day_from), 0) as lost_day,
      coalesce(sum(c.stake - coalesce(c.payout, 0)) filter (where c.accepted_at >= b.week_from), 0) as lost_week,
      coalesce(sum(c.stake - coalesce(c.payout, 0)), 0) as lost_month,
      count(*) filter (where c.status in ('pending', 'open')) as open
    from (${periodStarts(now, timeZone)}) b
    join contracts c on c.accepted_at >= b.month_from
    where c.user_id in (${sql.join(userIds)})
    group by c.user_id`.execute(db);
  for (const row of rows)
    usage.set(BigInt(row.user_id), {
      staked: { day: BigInt(row.staked_day), "7d": BigInt(row.staked_week), "30d": BigInt(row.staked_month) },
      lost: { day: BigInt(row.lost_day), "7d": BigInt(row.lost_week), "30d": BigInt(row.lost_month) },
      openPositions: BigInt(row.open),
    });
  return usage;
}

/** One user's usage (none when they have no contracts in the last 30 days). */
export async function userTradingUsage(db: Executor, userId: bigint, now: Date, timeZone: string) {
  return (await tradingUsage(db, [userId], now, timeZone)).get(userId) ?? NO_USAGE;
}

/**
 * Judges orders by their users' limits and breaks, in the caller's transaction, which keeps the users'
 * limits locked until the orders are written: each order is judged with the ones before it in the list
 * counted, so orders placed at once never pass a limit together. Null for an order that may go ahead.
 */
export async function refuseOrdersPastLimits(
  tx: Tx,
  orders: readonly { userId: bigint; stake: bigint }[],
  now: Date,
  timeZone: string,
): Promise<(ErrorCode | null)[]> {
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
  return orders.map(({ userId, stake }) => {
    const limits = held.get(userId);
    if (!limits) return null;
    const refusal = breakError(limits.activeBreak, now);
    if (refusal) return refusal;
    const before = usage.get(userId) ?? NO_USAGE;
    const error = orderLimitError(limits.inForce, before, stake);
    if (!error) usage.set(userId, withOrder(before, stake));
    return error;
  });
}

/** The user's contracts since `since`: how many, staked, and what settled ones staked and returned. */
export async function tradingSince(db: Executor, userId: bigint, since: Date) {
  const { rows } = await sql<{ contracts: number; staked: bigint; settled_staked: bigint; returned: bigint }>`
    select count(*)::int as contracts,
      coalesce(sum(stake) filter (where status <> 'void'), 0) as staked,
      coalesce(sum(stake) filter (where status = 'settled'), 0) as settled_staked,
      coalesce(sum(payout) filter (where status = 'settled'), 0) as returned
    from contracts where user_id = ${userId} and accepted_at >= ${since}`.execute(db);
  const row = rows[0];
  return {
    contracts: row?.contracts ?? 0,
    staked: BigInt(row?.staked ?? 0),
    settledStaked: BigInt(row?.settled_staked ?? 0),
    returned: BigInt(row?.returned ?? 0),
  };
}
