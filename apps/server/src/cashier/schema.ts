import type { WithdrawalStepKind } from "@tickfair/contract";
import type { ColumnType, Generated, GeneratedAlways, Selectable } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export interface DepositMethodsTable {
  id: Id;
  kind: "bank" | "crypto";
  /** Locale → name; written as JSON text. */
  names: ColumnType<Record<string, string>, string, string>;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  network: string | null;
  address: string | null;
  /** Locale → instructions; written as JSON text. */
  instructions: ColumnType<Record<string, string>, string | undefined, string>;
  min_amount: bigint;
  max_amount: bigint;
  active: boolean;
  created_at: Timestamp;
  updated_at: Date;
}

export type CashierStatus = "under_review" | "success" | "failed" | "cancelled";

export interface DepositsTable {
  id: Id;
  order_no: GeneratedAlways<string>;
  user_id: bigint;
  method_id: bigint;
  amount: bigint;
  reference: string;
  proof_file_id: string | null;
  status: Generated<Exclude<CashierStatus, "cancelled">>;
  reason: string | null;
  posting_id: bigint | null;
  created_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
  /** The amount above which this deposit needs two operators: the setting in force when it was made. */
  second_approval_above: bigint;
}

export interface DepositApprovalsTable {
  deposit_id: bigint;
  operator_id: bigint;
  created_at: Timestamp;
}

export interface WithdrawalAccountsTable {
  id: Id;
  user_id: bigint;
  type: "bank" | "crypto";
  account_name: string | null;
  nationality: string | null;
  bank_name: string | null;
  card_number: string | null;
  bank_address: string | null;
  network: string | null;
  address: string | null;
  bound_at: Date;
  unbound_at: Date | null;
  unbound_by: bigint | null;
}

export interface WithdrawalsTable {
  id: Id;
  order_no: GeneratedAlways<string>;
  user_id: bigint;
  withdrawal_account_id: bigint;
  amount: bigint;
  fee: bigint;
  status: Generated<CashierStatus>;
  reason: string | null;
  created_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
}

/** A withdrawal's timeline (append-only): each state change once, with its time. */
export interface WithdrawalStepsTable {
  id: Generated<bigint>;
  withdrawal_id: bigint;
  kind: WithdrawalStepKind;
  at: Date;
  operator_id: bigint | null;
  reason: string | null;
  reference: string | null;
}

export type DepositMethodRow = Selectable<DepositMethodsTable>;
export type WithdrawalAccountRow = Selectable<WithdrawalAccountsTable>;

declare module "../platform/schema" {
  interface Database {
    deposit_methods: DepositMethodsTable;
    deposits: DepositsTable;
    deposit_approvals: DepositApprovalsTable;
    withdrawal_accounts: WithdrawalAccountsTable;
    withdrawals: WithdrawalsTable;
    withdrawal_steps: WithdrawalStepsTable;
  }
}
