import { sql } from "kysely";
import type { Executor } from "../platform/db";

export interface SettledResults {
  /** Σ (payout − stake) over the user's settled contracts, in minor units. */
  total: bigint;
  /** The same over those settled today in the platform's time zone. */
  today: bigint;
}

/**
 * A user's result from trading (ARCHITECTURE §5: account P&L and today's P&L). Read from the
 * contracts: the house's side of a settlement is one ledger entry per batch, not per user, so it
 * cannot be attributed from the ledger.
 */
export async function settledResults(
  db: Executor,
  userId: bigint,
  now: Date,
  timeZone: string,
): Promise<SettledResults> {
  const { rows } = await sql<{ total: string; today: string }>`
    select coalesce(sum(payout - stake), 0)::text as total,
      coalesce(sum(payout - stake) filter (where (settled_at at time zone ${timeZone})::date
        = (${now}::timestamptz at time zone ${timeZone})::date), 0)::text as today
    from contracts
    where user_id = ${userId} and wallet = 'real' and status = 'settled'`.execute(db);
  const row = rows[0] ?? { total: "0", today: "0" };
  return { total: BigInt(row.total), today: BigInt(row.today) };
}
