import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../platform/schema";

export interface TradingLimitsTable {
  user_id: bigint;
  break_kind: "time_out" | "self_exclusion" | null;
  break_until: Date | null;
  updated_at: Date;
  /** When the user last chose to go on after a loss streak: only later losses make a new one. */
  loss_streak_acknowledged_at: Date | null;
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

/** A day of the platform's calendar, "YYYY-MM-DD" as written (db.ts reads dates as text). */
type CalendarDate = ColumnType<string, string, never>;

export interface RiskFiguresTable {
  computed_on: CalendarDate;
  users: ColumnType<number, number, never>;
  users_with_loss: ColumnType<number, number, never>;
  computed_at: Timestamp;
}

declare module "../platform/schema" {
  interface Database {
    trading_limits: TradingLimitsTable;
    limit_values: LimitValuesTable;
    limit_changes: LimitChangesTable;
    risk_figures: RiskFiguresTable;
  }
}
