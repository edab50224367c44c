import type { Wallet } from "@tickfair/contract";
import type { ColumnType, Generated, Selectable } from "kysely";
import type { Direction, Result } from "./outcome";

export type ContractStatus = "pending" | "open" | "settled" | "void";

export interface ContractsTable {
  id: Generated<bigint>;
  order_no: ColumnType<string, never, never>;
  user_id: bigint;
  wallet: ColumnType<Wallet, Wallet | undefined, never>;
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

/** A product's exposure caps (migrations/0034), in minor units of payout; null is no cap. */
export interface ExposureCapsTable {
  symbol: string;
  up_payout: bigint | null;
  down_payout: bigint | null;
  user_payout: bigint | null;
  updated_at: Date;
}

/** A running total of open contracts' win payouts, per product and direction (exposure.ts). */
export interface SideExposureTable {
  symbol: string;
  direction: Direction;
  payout: bigint;
}

/** A running total of open contracts' win payouts, per user and product (exposure.ts). */
export interface UserExposureTable {
  user_id: bigint;
  symbol: string;
  payout: bigint;
}

declare module "../platform/schema" {
  interface Database {
    contracts: ContractsTable;
    realized_return_days: RealizedReturnDaysTable;
    realized_returns: RealizedReturnsTable;
    trading_exposure_caps: ExposureCapsTable;
    trading_exposure_placed: SideExposureTable;
    trading_exposure_released: SideExposureTable;
    trading_user_exposure_placed: UserExposureTable;
    trading_user_exposure_released: UserExposureTable;
  }
}

export type ContractRow = Selectable<ContractsTable>;

/** A platform day whose realized returns are stored (migration 0036); written once. */
export interface RealizedReturnDaysTable {
  computed_on: ColumnType<string, string, never>;
  computed_at: ColumnType<Date, Date, never>;
}

/** A day's figure for one product and duration: its settled contracts of the 90 days before the day. */
export interface RealizedReturnsTable {
  computed_on: ColumnType<string, string, never>;
  symbol: ColumnType<string, string, never>;
  duration_seconds: ColumnType<number, number, never>;
  contracts: ColumnType<number, number, never>;
  staked: ColumnType<bigint, bigint, never>;
  returned: ColumnType<bigint, bigint, never>;
}
