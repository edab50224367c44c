import type { PayoutStats } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";

/** The published window: withdrawals requested in the last this many days. */
export const PAYOUT_STATS_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * How long payouts take, from the timelines: of the withdrawals requested in the window, how many,
 * how many were paid, the median and 95th percentile of request → paid (nearest rank: the smallest
 * time at least that share of paid withdrawals took, whole seconds, rounded down), and the share
 * rejected of those decided (approved or rejected; a user's own cancellation is no decision).
 */
export async function payoutStats(db: Executor, now: Date): Promise<PayoutStats> {
  const since = new Date(now.getTime() - PAYOUT_STATS_DAYS * DAY_MS);
  const row = await db
    .selectFrom("withdrawals as w")
    .leftJoin("withdrawal_steps as p", (join) =>
      join.onRef("p.withdrawal_id", "=", "w.id").on("p.kind", "=", "paid"),
    )
    .where("w.created_at", ">", since)
    .where("w.created_at", "<=", now)
    .select([
      sql<string>`count(*)`.as("withdrawals"),
      sql<string>`count(p.at)`.as("paid"),
      sql<
        string | null
      >`percentile_disc(0.5) within group (order by floor(extract(epoch from p.at - w.created_at)))`.as(
        "median",
      ),
      sql<
        string | null
      >`percentile_disc(0.95) within group (order by floor(extract(epoch from p.at - w.created_at)))`.as(
        "p95",
      ),
      sql<string>`count(*) filter (where w.status = 'failed')`.as("rejected"),
      sql<string>`count(*) filter (where w.status in ('success', 'failed'))`.as("decided"),
    ])
    .executeTakeFirstOrThrow();
  const seconds = (value: string | null) => (value === null ? null : Number(value));
  const decided = Number(row.decided);
  return {
    days: PAYOUT_STATS_DAYS,
    withdrawals: Number(row.withdrawals),
    paid: Number(row.paid),
    medianSeconds: seconds(row.median),
    p95Seconds: seconds(row.p95),
    rejectedBps: decided === 0 ? null : Math.round((Number(row.rejected) * 10_000) / decided),
  };
}
