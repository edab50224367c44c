import type { CashierStatus } from "@tickfair/contract";
import type { Executor } from "../platform/db";

/** A deposit or withdrawal as the console's order desk lists it, with its user's account. */
export interface RecentMoneyRequest {
  id: bigint;
  orderNo: string;
  userId: bigint;
  account: string;
  amount: bigint;
  status: CashierStatus;
  createdAt: Date;
}

/**
 * The newest deposits or withdrawals before id `beforeId` (all when null), optionally of one user: by
 * the primary key, or the table's user index, so a page costs its length whatever the history.
 */
export async function recentMoneyRequests(
  db: Executor,
  table: "deposits" | "withdrawals",
  filter: { beforeId: bigint | null; userId?: bigint; limit: number },
): Promise<RecentMoneyRequest[]> {
  // Both tables have these columns alike; typed as one so the query is written once.
  const from = `${table} as r` as "withdrawals as r";
  const rows = await db
    .selectFrom(from)
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "r.order_no", "r.user_id", "u.account", "r.amount", "r.status", "r.created_at"])
    .$if(filter.beforeId !== null, (q) => q.where("r.id", "<", filter.beforeId ?? 0n))
    .$if(filter.userId !== undefined, (q) => q.where("r.user_id", "=", filter.userId ?? 0n))
    .orderBy("r.id", "desc")
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.order_no,
    userId: row.user_id,
    account: row.account,
    amount: row.amount,
    status: row.status,
    createdAt: row.created_at,
  }));
}
