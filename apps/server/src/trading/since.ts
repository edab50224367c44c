import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** The user's contracts since `since`: how many, staked, and what settled ones staked and returned. */
export async function tradingSince(db: Executor, userId: bigint, since: Date) {
  const { rows } = await sql<{ contracts: number; staked: bigint; settled_staked: bigint; returned: bigint }>`
    select count(*)::int as contracts,
      coalesce(sum(stake) filter (where status <> 'void'), 0) as staked,
      coalesce(sum(stake) filter (where status = 'settled'), 0) as settled_staked,
      coalesce(sum(payout) filter (where status = 'settled'), 0) as returned
    from contracts where user_id = ${userId} and wallet = 'real' and accepted_at >= ${since}`.execute(db);
  const row = rows[0];
  return {
    contracts: row?.contracts ?? 0,
    staked: BigInt(row?.staked ?? 0),
    settledStaked: BigInt(row?.settled_staked ?? 0),
    returned: BigInt(row?.returned ?? 0),
  };
}
