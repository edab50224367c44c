import type { AuditAction } from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";

/**
 * Records what an operator did to their own account (signing in and out, the second factor): the
 * audit entry's actor and target are the same operator.
 */
export function recordOwnAct(
  db: Executor,
  clock: Clock,
  operatorId: bigint,
  action: AuditAction & `operator.${string}`,
  detail?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, clock, {
    operatorId,
    action,
    targetType: "operator",
    targetId: String(operatorId),
    detail,
  });
}
