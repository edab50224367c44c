import type { Executor } from "../platform/db";
import { newestBefore } from "../platform/newest-first-page";

/**
 * The newest contracts before id `beforeId` (all when null), optionally of one product or user, with
 * each user's account, as the console's order desk lists them: by the primary key, or contracts_user
 * for a user.
 */
export function recentContracts(
  db: Executor,
  filter: { beforeId: bigint | null; symbol?: string; userId?: bigint; limit: number },
) {
  return db
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
    .$if(filter.symbol !== undefined, (q) => q.where("c.symbol", "=", filter.symbol ?? ""))
    .$if(filter.userId !== undefined, (q) => q.where("c.user_id", "=", filter.userId ?? 0n))
    .$call((q) => newestBefore(q, "c.id", filter.beforeId, filter.limit))
    .execute();
}
