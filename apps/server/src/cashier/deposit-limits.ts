import { sql } from "kysely";
import { breakError, depositLimitError, lockLimits, type PerPeriod } from "../limits";
import type { Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { periodStarts } from "../platform/platform-day";

/** What the user asked to deposit in the platform's day and its last 7 and 30 days (refused requests aside). */
export async function depositUsage(
  db: Executor,
  userId: bigint,
  now: Date,
  timeZone: string,
): Promise<PerPeriod> {
  const { rows } = await sql<{ day: bigint; week: bigint; month: bigint }>`
    select coalesce(sum(d.amount) filter (where d.created_at >= b.day_from), 0) as day,
      coalesce(sum(d.amount) filter (where d.created_at >= b.week_from), 0) as week,
      coalesce(sum(d.amount), 0) as month
    from (${periodStarts(now, timeZone)}) b
    join deposits d on d.created_at >= b.month_from
    where d.user_id = ${userId} and d.status <> 'failed'`.execute(db);
  const row = rows[0];
  return { day: BigInt(row?.day ?? 0), "7d": BigInt(row?.week ?? 0), "30d": BigInt(row?.month ?? 0) };
}

/**
 * Refuses a deposit request during a break or past a deposit limit, in the caller's transaction, which
 * keeps the user's limits locked until the request is written: two requests at once never pass a limit
 * together.
 */
export async function refuseDepositPastLimits(
  tx: Tx,
  userId: bigint,
  amount: bigint,
  now: Date,
  timeZone: string,
): Promise<void> {
  const held = (await lockLimits(tx, [userId], now)).get(userId);
  if (!held) return;
  const refusal =
    breakError(held.activeBreak, now) ??
    (held.inForce.size > 0
      ? depositLimitError(held.inForce, await depositUsage(tx, userId, now, timeZone), amount)
      : null);
  if (refusal) throw new AppError(refusal);
}
