/**
 * The ledger's plain constants, apart from its zod schemas so the console can import them without
 * pulling in zod.
 */

/**
 * What a posting records: every kind the ledger writes (the server's posting functions take only
 * these). A user's statement names each entry by its posting's kind; the console labels each.
 */
export const POSTING_KINDS = [
  "deposit",
  "withdrawal",
  "withdrawal_return",
  "withdrawal_paid",
  "stake",
  "payout",
  "stake_lost",
  "refund",
  "settlement_house",
  "savings_in",
  "savings_out",
  "savings_confirm",
  "savings_income",
  "demo_grant",
  "practice_grant",
  "practice_reset",
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/**
 * A user's balances in the ledger: cash, what open contracts and withdrawals hold, and Yu'ebao's pending
 * and confirmed savings. A statement entry names one; together they are what the platform owes the user.
 */
export const USER_ACCOUNT_KINDS = [
  "cash",
  "frozen_trade",
  "frozen_withdrawal",
  "savings_pending",
  "savings_confirmed",
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/**
 * A user's practice account: virtual units and what open practice contracts hold. Apart from
 * USER_ACCOUNT_KINDS on purpose: nothing that counts what the platform owes a user reads these.
 */
export const PRACTICE_ACCOUNT_KINDS = ["practice_cash", "practice_frozen"] as const;
export type PracticeAccountKind = (typeof PRACTICE_ACCOUNT_KINDS)[number];
