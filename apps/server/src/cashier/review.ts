import type { AuditAction } from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Tx } from "../platform/db";
import type { Operator } from "../platform/schema";

/** An operator's decision on a deposit or a withdrawal under review. */
export interface ReviewDecision {
  status: "success" | "failed";
  /** What the audit log calls it: "deposit.confirm", "withdrawal.reject", … */
  action: AuditAction;
  reason?: string;
  detail?: Record<string, unknown>;
}

/**
 * Records a decision in the caller's transaction, with the money it moved: the order says who decided
 * and when, the audit log what and why.
 */
export async function recordReview(
  tx: Tx,
  clock: Clock,
  operator: Operator,
  order: { type: "deposit" | "withdrawal"; id: bigint },
  decision: ReviewDecision,
  at: Date,
): Promise<void> {
  await tx
    .updateTable(order.type === "deposit" ? "deposits" : "withdrawals")
    .set({
      status: decision.status,
      ...(decision.reason !== undefined && { reason: decision.reason }),
      reviewed_at: at,
      reviewed_by: operator.id,
    })
    .where("id", "=", order.id)
    .execute();
  await recordAudit(tx, clock, {
    operatorId: operator.id,
    action: decision.action,
    targetType: order.type,
    targetId: String(order.id),
    reason: decision.reason,
    detail: decision.detail,
  });
}
