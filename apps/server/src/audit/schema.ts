import type { ColumnType, Generated } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export interface AuditLogTable {
  id: Id;
  operator_id: bigint | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  detail: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

export interface ControlChangesTable {
  id: Id;
  subject: string;
  base: ColumnType<unknown, string, never>;
  proposed: ColumnType<unknown, string, never>;
  weakens: string[];
  proposed_by: bigint;
  proposed_at: Date;
  status: Generated<"pending" | "approved" | "rejected">;
  decided_by: bigint | null;
  decided_at: Date | null;
  reason: string | null;
}

declare module "../platform/schema" {
  interface Database {
    audit_log: AuditLogTable;
    control_changes: ControlChangesTable;
  }
}
