import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** What waits in one review queue: how many, and since when the oldest has waited. */
export interface QueueState {
  waiting: number;
  oldestAt: Date | null;
}

/**
 * The deposits and withdrawals waiting for an operator. Read through the (status, id) indexes: the
 * cost follows what waits, not how many deposits and withdrawals there ever were; ids grow with time,
 * so the lowest waiting id is the oldest.
 */
export function reviewQueuesQuery() {
  return sql<{
    deposits: number;
    oldest_deposit: Date | null;
    withdrawals: number;
    oldest_withdrawal: Date | null;
  }>`
    select
      (select count(*)::int from deposits where status = 'under_review') as deposits,
      (select created_at from deposits where status = 'under_review' order by id limit 1) as oldest_deposit,
      (select count(*)::int from withdrawals where status = 'under_review') as withdrawals,
      (select created_at from withdrawals where status = 'under_review' order by id limit 1) as oldest_withdrawal`;
}

export async function reviewQueues(db: Executor): Promise<{ deposits: QueueState; withdrawals: QueueState }> {
  const { rows } = await reviewQueuesQuery().execute(db);
  const row = rows[0];
  return {
    deposits: { waiting: row?.deposits ?? 0, oldestAt: row?.oldest_deposit ?? null },
    withdrawals: { waiting: row?.withdrawals ?? 0, oldestAt: row?.oldest_withdrawal ?? null },
  };
}

export interface CashierDayFigures {
  depositsConfirmed: { count: number; amount: bigint };
  withdrawalsPaid: { count: number; amount: bigint; fees: bigint };
}

/**
 * Deposits confirmed and withdrawals approved (their money off the users' books; the payment itself
 * is a later step of the timeline) in [from, to), in minor units. Each is an index-only range over the
 * day's successful reviews (deposits_confirmed_at, withdrawals_paid_at).
 */
export function cashierDayQuery(from: Date, to: Date) {
  return sql<{
    deposits: number;
    deposited: string;
    withdrawals: number;
    withdrawn: string;
    fees: string;
  }>`
    select d.count as deposits, d.amount as deposited, w.count as withdrawals, w.amount as withdrawn, w.fees
    from (select count(*)::int as count, coalesce(sum(amount), 0)::text as amount from deposits
          where status = 'success' and reviewed_at >= ${from} and reviewed_at < ${to}) as d,
         (select count(*)::int as count, coalesce(sum(amount), 0)::text as amount,
            coalesce(sum(fee), 0)::text as fees from withdrawals
          where status = 'success' and reviewed_at >= ${from} and reviewed_at < ${to}) as w`;
}

export async function cashierDayFigures(db: Executor, from: Date, to: Date): Promise<CashierDayFigures> {
  const { rows } = await cashierDayQuery(from, to).execute(db);
  const row = rows[0];
  return {
    depositsConfirmed: { count: row?.deposits ?? 0, amount: BigInt(row?.deposited ?? "0") },
    withdrawalsPaid: {
      count: row?.withdrawals ?? 0,
      amount: BigInt(row?.withdrawn ?? "0"),
      fees: BigInt(row?.fees ?? "0"),
    },
  };
}
