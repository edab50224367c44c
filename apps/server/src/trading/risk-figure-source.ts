import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** Users with a contract settled in a range, and those of them whose settled contracts lost in sum. */
export interface SettledNetCounts {
  users: number;
  usersWithLoss: number;
}

/**
 * Per user, Σ (payout − stake) over the contracts settled in [from, to), counted in one aggregate.
 * Void contracts returned their stake because the feed failed them: they count for nobody. An
 * index-only range over contracts_closed_at (migration 0024), however many contracts settled.
 */
export function settledNetQuery(from: Date, to: Date) {
  return sql<{ users: number; users_with_loss: number }>`
    select count(*)::int as users, count(*) filter (where net < 0)::int as users_with_loss
    from (select user_id, sum(payout - stake) as net
          from contracts
          where settled_at >= ${from} and settled_at < ${to} and status = 'settled' and wallet = 'real'
          group by user_id) as per_user`;
}

export async function settledNetCounts(db: Executor, from: Date, to: Date): Promise<SettledNetCounts> {
  const { rows } = await settledNetQuery(from, to).execute(db);
  return { users: rows[0]?.users ?? 0, usersWithLoss: rows[0]?.users_with_loss ?? 0 };
}
