import type { LedgerCheckScope, PracticeAccountKind, UserAccountKind } from "@tickfair/contract";
import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export const SYSTEM_ACCOUNT_KINDS = [
  "house",
  "deposits",
  "withdrawals",
  "savings_income",
  "demo_grants",
  "fees",
  "practice_bank",
  "practice_house",
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | SystemAccountKind | PracticeAccountKind;

/** Every account of practice money: a posting's entries are all of these or none of them (invariants.ts). */
export const PRACTICE_KINDS: readonly AccountKind[] = [
  "practice_cash",
  "practice_frozen",
  "practice_bank",
  "practice_house",
];

export interface AccountsTable {
  id: Id;
  user_id: bigint | null;
  kind: AccountKind;
  /** Kept for user accounts by a database trigger from their entries; null for system accounts. */
  balance: ColumnType<bigint | null, bigint | null | undefined, never>;
  created_at: Timestamp;
}

export interface PostingsTable {
  id: Id;
  kind: string;
  user_id: bigint | null;
  reference: string | null;
  created_at: Timestamp;
  /** Postings written as one journal share the id of its first; null: the posting balances on its own. */
  journal_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

export interface LedgerEntriesTable {
  id: Id;
  posting_id: bigint;
  account_id: bigint;
  amount: bigint;
  /** Set by the database trigger for user accounts. */
  balance_after: ColumnType<bigint | null, never, never>;
  created_at: Timestamp;
}

/** A cut a sound check reached: every entry and posting at or below its ids was committed and checked. */
export interface LedgerCheckpointsTable {
  id: Id;
  entry_id: bigint;
  posting_id: bigint;
  entries: bigint;
  postings: bigint;
  /** Σ balance × id over user accounts at the cut; numeric, read as text. Null before migration 0054. */
  balance_digest: string | null;
  scope: LedgerCheckScope;
  checked_at: Timestamp;
}

declare module "../platform/schema" {
  interface Database {
    accounts: AccountsTable;
    postings: PostingsTable;
    ledger_entries: LedgerEntriesTable;
    ledger_checkpoints: LedgerCheckpointsTable;
  }
}
