import type { Executor } from "../platform/db";
import type { Direction } from "./outcome";
import type { ContractStatus } from "./schema";

/** A contract as the console's order desk lists it, with its user's account. */
export interface RecentContract {
  id: bigint;
  orderNo: string;
  userId: bigint;
  account: string;
  symbol: string;
  direction: Direction;
  stake: bigint;
  durationSeconds: number;
  status: ContractStatus;
  acceptedAt: Date;
}

/**
 * The newest contracts before id `beforeId` (all when null), optionally of one product or user: by the
 * primary key, or contracts_user for a user, so a page costs its length whatever the history.
 */
export async function recentContracts(
  db: Executor,
  filter: { beforeId: bigint | null; symbol?: string; userId?: bigint; limit: number },
): Promise<RecentContract[]> {
  const rows = await db
    .selectFrom("contracts as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.order_no",
      "c.user_id",
      "u.account",
      "c.symbol",
      "c.direction",
      "c.stake",
      "c.duration_seconds",
      "c.status",
      "c.accepted_at",
    ])
    .where("c.wallet", "=", "real")
    .$if(filter.beforeId !== null, (q) => q.where("c.id", "<", filter.beforeId ?? 0n))
    .$if(filter.symbol !== undefined, (q) => q.where("c.symbol", "=", filter.symbol ?? ""))
    .$if(filter.userId !== undefined, (q) => q.where("c.user_id", "=", filter.userId ?? 0n))
    .orderBy("c.id", "desc")
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.order_no,
    userId: row.user_id,
    account: row.account,
    symbol: row.symbol,
    direction: row.direction,
    stake: row.stake,
    durationSeconds: row.duration_seconds,
    status: row.status,
    acceptedAt: row.accepted_at,
  }));
}
