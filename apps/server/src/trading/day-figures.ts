import { sql } from "kysely";
import type { Executor } from "../platform/db";

export interface TradingDayFigures {
  /** Contracts accepted in the range and their stakes. */
  stakes: { count: number; amount: bigint };
  /** Contracts closed (settled or void) in the range and what they paid back, stakes included. */
  payouts: { count: number; amount: bigint };
  /** Σ (stake − payout) over the contracts closed in the range: the house's gain, negative for a loss. */
  houseResult: bigint;
  /** Distinct users who placed a contract in the range. */
  activeUsers: number;
}

/**
 * The platform's trading in [from, to), in minor units, for the operators' dashboard. Read from the
 * contracts (as users' P&L is): the house's side of a settlement is one ledger entry per batch. Both
 * halves are index-only ranges over the day's rows (contracts_accepted_at, contracts_closed_at).
 */
export function tradingDayQuery(from: Date, to: Date) {
  return sql<{
    placed: number;
    staked: string;
    users: number;
    closed: number;
    paid: string;
    house: string;
  }>`
    select a.placed, a.staked, a.users, c.closed, c.paid, c.house
    from (select count(*)::int as placed, coalesce(sum(stake), 0)::text as staked,
            count(distinct user_id)::int as users
          from contracts where accepted_at >= ${from} and accepted_at < ${to} and wallet = 'real') as a,
         (select count(*)::int as closed, coalesce(sum(payout), 0)::text as paid,
            coalesce(sum(stake - payout), 0)::text as house
          from contracts where settled_at >= ${from} and settled_at < ${to} and wallet = 'real') as c`;
}

export async function tradingDayFigures(db: Executor, from: Date, to: Date): Promise<TradingDayFigures> {
  const { rows } = await tradingDayQuery(from, to).execute(db);
  const row = rows[0];
  return {
    stakes: { count: row?.placed ?? 0, amount: BigInt(row?.staked ?? "0") },
    payouts: { count: row?.closed ?? 0, amount: BigInt(row?.paid ?? "0") },
    houseResult: BigInt(row?.house ?? "0"),
    activeUsers: row?.users ?? 0,
  };
}
