import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from "kysely";
import type {
  BroadcastsTable,
  CannedRepliesTable,
  ChatMessagesTable,
  ConversationsTable,
  InboxesTable,
  InboxMessagesTable,
  InboxReadsTable,
  SupportPresenceTable,
} from "./schema-conversations";
import type { LimitChangesTable, LimitValuesTable, TradingLimitsTable } from "./schema-limits";
import type { RiskFiguresTable } from "./schema-risk";

type Timestamp = ColumnType<Date, Date | string | undefined, never>;
type Id = Generated<bigint>;

export const USER_ACCOUNT_KINDS = [
  "cash",
  "frozen_trade",
  "frozen_withdrawal",
  "savings_pending",
  "savings_confirmed",
] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  "house",
  "deposits",
  "withdrawals",
  "savings_income",
  "demo_grants",
  "fees",
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | SystemAccountKind;

export interface UsersTable {
  id: Id;
  account: string;
  phone: string;
  phone_country: string;
  /** Declared at registration (ISO 3166-1 alpha-2); users registered before it was asked have none. */
  nationality: ColumnType<string | null, string | null | undefined, string | null>;
  nickname: string;
  password_hash: string;
  pay_password_hash: string;
  invite_code: string;
  invited_by: string | null;
  credit_score: Generated<number>;
  verified: Generated<boolean>;
  pay_failures: Generated<number>;
  pay_locked_until: Date | null;
  created_at: Timestamp;
  /** Set while an operator has locked the user's sign-in, with who and why (all three or none). */
  sign_in_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sign_in_locked_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  sign_in_lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agreement's and the privacy policy's versions accepted at registration (none published: null). */
  accepted_agreement_version: ColumnType<number | null, number | null | undefined, number | null>;
  accepted_privacy_version: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface InviteCodesTable {
  code: string;
  owner_user_id: bigint | null;
  created_by_operator: bigint | null;
  max_uses: number | null;
  uses: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** What operators name a session by; the token's hash never leaves the server. */
  id: GeneratedAlways<bigint>;
  token_hash: string;
  user_id: bigint;
  created_at: Timestamp;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** The browser and system it was opened from ("Chrome on Android"), when the request said. */
  device: ColumnType<string | null, string | null | undefined, never>;
}

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

export interface IdempotencyKeysTable {
  user_id: bigint;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
  created_at: Timestamp;
}

export interface OperatorsTable {
  id: Id;
  username: string;
  password_hash: string;
  role: "support" | "finance" | "admin";
  created_at: Timestamp;
  /** Base32 TOTP secret; null until the operator enrols. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The time step of the last code accepted, so no code is taken twice. */
  totp_last_step: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorRecoveryCodesTable {
  operator_id: bigint;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export interface OperatorSignInChallengesTable {
  challenge_hash: string;
  operator_id: bigint;
  /** The secret an enrolment offered; it becomes the operator's only with a right code. */
  pending_secret: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: bigint;
  created_at: Timestamp;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

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

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Date;
}

export interface FilesTable {
  id: string;
  owner_user_id: bigint;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}

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

export interface SignInFailuresTable {
  realm: "user" | "operator";
  /** The account or user name as typed, lower-cased: known or not, a failure is counted alike. */
  name: string;
  failures: number;
  throttled_until: Date | null;
  updated_at: Date;
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

/** Dates of the platform's calendar are read as text, "YYYY-MM-DD" (see platform/db.ts). */
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

export interface VerificationPhotosTable {
  id: string;
  user_id: bigint;
  blob_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  size: number;
  created_at: Timestamp;
}

export interface VerificationsTable {
  id: Id;
  user_id: bigint;
  name: string;
  nationality: string;
  id_number_encrypted: string;
  id_number_index: string;
  id_number_masked: string;
  front_photo_id: string;
  back_photo_id: string;
  state: "under_review" | "verified" | "rejected";
  reject_reason: string | null;
  reject_text: string | null;
  submitted_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
}

export interface PhotoViewTicketsTable {
  ticket_hash: string;
  photo_id: string;
  variant: "full" | "thumbnail";
  realm: "user" | "operator";
  session_token_hash: string;
  expires_at: Date;
}

export interface ContentDocumentsTable {
  id: Id;
  kind: "about" | "privacy" | "agreement" | "news" | "highlight";
  first_published_at: Date | null;
  created_at: Timestamp;
}

export interface ContentVersionsTable {
  id: Id;
  document_id: bigint;
  version: number;
  translations: ColumnType<unknown, string, never>;
  publish_at: Timestamp;
  published_at: Date | null;
  created_by: bigint | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  invite_codes: InviteCodesTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  postings: PostingsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sign_in_challenges: OperatorSignInChallengesTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  files: FilesTable;
  deposit_methods: DepositMethodsTable;
  deposits: DepositsTable;
  deposit_approvals: DepositApprovalsTable;
  withdrawal_accounts: WithdrawalAccountsTable;
  withdrawals: WithdrawalsTable;
  sign_in_failures: SignInFailuresTable;
  control_changes: ControlChangesTable;
  savings_rates: SavingsRatesTable;
  savers: SaversTable;
  savings_lots: SavingsLotsTable;
  savings_accruals: SavingsAccrualsTable;
  savings_accrual_batches: SavingsAccrualBatchesTable;
  verification_photos: VerificationPhotosTable;
  verifications: VerificationsTable;
  photo_view_tickets: PhotoViewTicketsTable;
  content_documents: ContentDocumentsTable;
  content_versions: ContentVersionsTable;
  broadcasts: BroadcastsTable;
  inbox_messages: InboxMessagesTable;
  inboxes: InboxesTable;
  inbox_reads: InboxReadsTable;
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
  canned_replies: CannedRepliesTable;
  support_presence: SupportPresenceTable;
  trading_limits: TradingLimitsTable;
  limit_values: LimitValuesTable;
  limit_changes: LimitChangesTable;
  risk_figures: RiskFiguresTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Operator = Selectable<OperatorsTable>;
export type DepositMethodRow = Selectable<DepositMethodsTable>;
export type WithdrawalAccountRow = Selectable<WithdrawalAccountsTable>;
