import type { Executor } from "../platform/db";
import { newestBefore } from "../platform/newest-first-page";

/**
 * The newest deposits or withdrawals before id `beforeId` (all when null), optionally of one user, with
 * each user's account, as the console's order desk lists them: by the primary key, or the table's user
 * index.
 */
export function recentMoneyRequests(
  db: Executor,
  table: "deposits" | "withdrawals",
  filter: { beforeId: bigint | null; userId?: bigint; limit: number },
) {
  // Both tables have these columns alike; typed as one so the query is written once.
  const from = `${table} as r` as "withdrawals as r";
  return db
    .selectFrom(from)
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "r.order_no", "r.user_id", "u.account", "r.amount", "r.status", "r.created_at"])
    .$if(filter.userId !== undefined, (q) => q.where("r.user_id", "=", filter.userId ?? 0n))
    .$call((q) => newestBefore(q, "r.id", filter.beforeId, filter.limit))
    .execute();
}
