import type { AuditAction, AuditTarget, ExportedList } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Executor, Tx } from "../platform/db";

export interface AuditInput {
  operatorId: bigint | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  reason?: string | null;
  detail?: Record<string, unknown>;
}

/** An operator took a list as a file: which list (`<list>.export`), with which filters. */
export function recordListExport(
  db: Executor,
  clock: Clock,
  operatorId: bigint,
  list: { list: ExportedList; targetType: AuditTarget; filters: object },
): Promise<void> {
  return recordAudit(db, clock, {
    operatorId,
    action: `${list.list}.export`,
    targetType: list.targetType,
    targetId: "csv",
    detail: { filters: list.filters },
  });
}

/** Appends to the audit log in the caller's transaction, so an action and its record land together. */
export async function recordAudit(db: Executor | Tx, clock: Clock, input: AuditInput): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      operator_id: input.operatorId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      reason: input.reason ?? null,
      detail: JSON.stringify(input.detail ?? {}),
      created_at: clock.now(),
    })
    .execute();
}
