import type { ColumnType, Generated } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

type CalendarDate = ColumnType<string, string, string>;

export interface SavingsRatesTable {
  effective_from: CalendarDate;
  annual_rate_ppm: number;
  set_by: bigint | null;
  /** A rate scheduled for a future day may be set again before that day: then it is its latest setting. */
  created_at: ColumnType<Date, Date, Date>;
}

export interface SaversTable {
  user_id: bigint;
  accrued_through: CalendarDate;
  income_total: Generated<bigint>;
  moves_on: ColumnType<string | null, string | null | undefined, string | null>;
  moves_in: Generated<number>;
  moves_out: Generated<number>;
  created_at: Timestamp;
}

export interface SavingsLotsTable {
  id: Id;
  user_id: bigint;
  posting_id: bigint;
  amount: bigint;
  remaining: bigint;
  moved_in_at: Timestamp;
  confirms_on: CalendarDate;
  confirmed_at: Date | null;
}

export interface SavingsAccrualsTable {
  user_id: bigint;
  day: CalendarDate;
  shares: bigint;
  annual_rate_ppm: number;
  income: bigint;
  posting_id: bigint | null;
  created_at: Timestamp;
}

export interface SavingsAccrualBatchesTable {
  id: Id;
  day: CalendarDate;
  savers: number;
  income: bigint;
  created_at: Timestamp;
}

declare module "../platform/schema" {
  interface Database {
    savings_rates: SavingsRatesTable;
    savers: SaversTable;
    savings_lots: SavingsLotsTable;
    savings_accruals: SavingsAccrualsTable;
    savings_accrual_batches: SavingsAccrualBatchesTable;
  }
}
