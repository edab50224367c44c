import type { ColumnType, Generated, Selectable } from "kysely";
import type { Direction, Result } from "./outcome";

export type ContractStatus = "pending" | "open" | "settled" | "void";

export interface ContractsTable {
  id: Generated<bigint>;
  order_no: ColumnType<string, never, never>;
  user_id: bigint;
  symbol: string;
  direction: Direction;
  stake: bigint;
  duration_seconds: number;
  payout_rate_bps: number;
  /** The product's payout table version the rate was taken from; null before versions were recorded. */
  payout_table_version: ColumnType<number | null, number | null | undefined, never>;
  status: ContractStatus;
  accepted_at: Date;
  entry_seq: bigint | null;
  entry_price: bigint | null;
  entry_time: Date | null;
  entry_hash: string | null;
  expiry_at: Date | null;
  exit_seq: bigint | null;
  exit_price: bigint | null;
  exit_time: Date | null;
  exit_hash: string | null;
  result: Result | null;
  payout: bigint | null;
  settled_at: Date | null;
  stake_posting_id: bigint;
  settle_posting_id: bigint | null;
}

declare module "../platform/schema" {
  interface Database {
    contracts: ContractsTable;
  }
}

export type ContractRow = Selectable<ContractsTable>;
