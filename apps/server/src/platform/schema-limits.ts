import type { ColumnType, Generated } from "kysely";

// The tables of responsible trading (migration 0023), beside schema.ts.

type Timestamp = ColumnType<Date, Date | string | undefined, never>;

export interface TradingLimitsTable {
  user_id: bigint;
  break_kind: "time_out" | "self_exclusion" | null;
  break_until: Date | null;
  updated_at: Date;
}

export interface LimitValuesTable {
  user_id: bigint;
  kind: string;
  value: bigint | null;
  pending_value: bigint | null;
  pending_at: Date | null;
}

export interface LimitChangesTable {
  id: Generated<bigint>;
  user_id: bigint;
  kind: string;
  from_value: bigint | null;
  to_value: bigint | null;
  break_until: Date | null;
  requested_at: Timestamp;
  applies_at: Timestamp;
  cancelled_at: Date | null;
}
