import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { MarketTables } from "../market";
import type { Executor } from "../platform/db";
import type { Database } from "../platform/schema";
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

export type TradingTables = MarketTables & { contracts: ContractsTable };
export type ContractRow = Selectable<ContractsTable>;
export type TradingExecutor = Kysely<Database & TradingTables>;

/** The trading tables on top of the platform's and the market's (kept here, like market/schema.ts). */
export function tradingDb(db: Executor): TradingExecutor {
  return db.withTables<TradingTables>();
}
