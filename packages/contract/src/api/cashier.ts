import { z } from "zod";
import { CASHIER_SETTING_MAX, DEMO_TOP_UP_MAX, FUND_RECORD_TYPES } from "../cashier-constants";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../locales";
import { boundedMoneyString, moneyString, moneyStringWithin, positiveMoneyString } from "../money-schema";
import { filteredPageQuery, idString, isoTime, listOf, operatorReason, pageOf } from "./common";
import { listFilters, listQuery, moneyListPageOf } from "./list-query";
import { calendarDate } from "./savings";
import { withdrawalStep } from "./solvency";

/** Demo mode only: credits virtual money at once from the platform's demo_grants account. */
export const demoTopUpRequest = z.object({ amount: boundedMoneyString(DEMO_TOP_UP_MAX) });
export type DemoTopUpRequest = z.infer<typeof demoTopUpRequest>;

export const demoTopUpResponse = z.object({ postingId: z.string(), available: moneyString });
export type DemoTopUpResponse = z.infer<typeof demoTopUpResponse>;

const text = (max: number) => z.string().trim().max(max);

// ── Deposit methods ─────────────────────────────────────────────────────────────────────────────

export const DEPOSIT_METHOD_KINDS = ["bank", "crypto"] as const;
export const depositMethodKind = z.enum(DEPOSIT_METHOD_KINDS);
export type DepositMethodKind = z.infer<typeof depositMethodKind>;

/**
 * What a user needs to pay: bank transfer details, or a currency address (shown with a QR code). The
 * name and instructions are in the request's language (Accept-Language), or the default locale's where
 * that language has none, with every locale's text beside them.
 */
export const depositMethod = z.object({
  id: z.string(),
  kind: depositMethodKind,
  name: z.string(),
  names: z.record(z.string(), z.string()),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  instructions: z.string(),
  instructionsByLocale: z.record(z.string(), z.string()),
  minAmount: moneyString,
  maxAmount: moneyString,
  active: z.boolean(),
});
export type DepositMethod = z.infer<typeof depositMethod>;
export const depositMethodList = listOf(depositMethod);
export type DepositMethodList = z.infer<typeof depositMethodList>;

/**
 * Text an operator enters per locale: `required` locales must have it, the others may. A locale left out
 * is shown the default locale's text; a key that is no locale is refused.
 */
function perLocale(entry: z.ZodString, required: readonly Locale[]) {
  const shape = Object.fromEntries(
    LOCALES.map((locale) => [locale, required.includes(locale) ? entry : entry.optional()]),
  );
  // Typed as all optional: a required locale's text is then only known to be present at run time.
  return z.strictObject(shape as Record<Locale, z.ZodOptional<z.ZodString>>);
}

export const depositMethodInput = z.object({
  kind: depositMethodKind,
  names: perLocale(text(60).min(1), [DEFAULT_LOCALE]),
  bankName: text(80).nullable().default(null),
  accountName: text(80).nullable().default(null),
  accountNumber: text(40).nullable().default(null),
  network: text(30).nullable().default(null),
  address: text(120).nullable().default(null),
  /** None in a locale shows the default locale's; none at all, none. */
  instructions: perLocale(text(1000).min(1), []).default({}),
  minAmount: positiveMoneyString,
  maxAmount: positiveMoneyString,
  active: z.boolean().default(true),
});
export type DepositMethodInput = z.infer<typeof depositMethodInput>;

// ── Deposits ────────────────────────────────────────────────────────────────────────────────────

/** success, under review, failed (the specification's three), and the user's own cancellation. */
export const CASHIER_STATUSES = ["under_review", "success", "failed", "cancelled"] as const;
export const cashierStatus = z.enum(CASHIER_STATUSES);
export type CashierStatus = z.infer<typeof cashierStatus>;

export const createDepositRequest = z.object({
  methodId: idString,
  amount: positiveMoneyString,
  reference: text(100),
  proofFileId: z.string().uuid().nullable().default(null),
});
export type CreateDepositRequest = z.infer<typeof createDepositRequest>;

export const deposit = z.object({
  id: z.string(),
  orderNo: z.string(),
  method: z.object({ id: z.string(), kind: depositMethodKind, name: z.string() }),
  amount: moneyString,
  reference: z.string(),
  status: cashierStatus,
  reason: z.string().nullable(),
  hasProof: z.boolean(),
  createdAt: isoTime,
  reviewedAt: isoTime.nullable(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositPage = pageOf(deposit);
export type DepositPage = z.infer<typeof depositPage>;

export const uploadResponse = z.object({
  fileId: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

// ── Withdrawal account ──────────────────────────────────────────────────────────────────────────

export const bankCardInput = z.object({
  type: z.literal("bank"),
  accountName: text(60),
  /** An ISO 3166-1 alpha-2 code (COUNTRY_CODES); the service names a bad one NATIONALITY_INVALID. */
  nationality: text(60),
  bankName: text(80),
  cardNumber: text(30),
  bankAddress: text(160),
});
export const cryptoAddressInput = z.object({
  type: z.literal("crypto"),
  network: text(30),
  address: text(120),
});
export const bindWithdrawalAccountRequest = z.discriminatedUnion("type", [bankCardInput, cryptoAddressInput]);
export type BindWithdrawalAccountRequest = z.infer<typeof bindWithdrawalAccountRequest>;

/** A bound account as shown back: numbers and addresses masked. */
export const withdrawalAccount = z.object({
  type: z.enum(["bank", "crypto"]),
  accountName: z.string().nullable(),
  /** An ISO 3166-1 alpha-2 code; accounts bound before the list came in keep the text typed then. */
  nationality: z.string().nullable(),
  bankName: z.string().nullable(),
  cardNumber: z.string().nullable(),
  bankAddress: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  boundAt: isoTime,
});
export type WithdrawalAccount = z.infer<typeof withdrawalAccount>;
export const withdrawalAccountResponse = z.object({ account: withdrawalAccount.nullable() });
export type WithdrawalAccountResponse = z.infer<typeof withdrawalAccountResponse>;

// ── Withdrawals ─────────────────────────────────────────────────────────────────────────────────

export const withdrawalQuote = z.object({
  available: moneyString,
  feeFixed: moneyString,
  feeRateBps: z.number().int(),
  minAmount: moneyString,
  lockedUntil: isoTime.nullable(),
  account: withdrawalAccount.nullable(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuote>;

/** The proof of its owner travels separately, in a step-up granted for this amount (withdrawalStepUp). */
export const createWithdrawalRequest = z.object({ amount: positiveMoneyString });
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequest>;

export const withdrawal = z.object({
  id: z.string(),
  orderNo: z.string(),
  amount: moneyString,
  fee: moneyString,
  netAmount: moneyString,
  method: z.enum(["bank", "crypto"]),
  destination: z.string().describe("Masked card number or address"),
  status: cashierStatus,
  reason: z.string().nullable(),
  createdAt: isoTime,
  reviewedAt: isoTime.nullable(),
  /** Its timeline, oldest first: requested, picked up, approved or rejected or cancelled, paid. */
  steps: z.array(withdrawalStep),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalPage = pageOf(withdrawal);
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

// ── Fund records ────────────────────────────────────────────────────────────────────────────────

export const fundRecordType = z.enum(FUND_RECORD_TYPES);
export type FundRecordType = z.infer<typeof fundRecordType>;

export const fundRecordQuery = filteredPageQuery({ type: fundRecordType.optional() });
export type FundRecordQuery = z.infer<typeof fundRecordQuery>;

/** An IANA time zone this runtime knows ("Asia/Shanghai"). */
export const timeZoneName = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: "VALIDATION_FAILED" })
  .describe("IANA time zone, e.g. Asia/Shanghai");

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The fund-records file: of one type or all, its times in `timeZone` (the app sends the device's, so
 * that the file says what the screen says), else in the platform's.
 */
export const fundRecordCsvQuery = z.object({
  type: fundRecordType.optional(),
  timeZone: timeZoneName.optional(),
});
export type FundRecordCsvQuery = z.infer<typeof fundRecordCsvQuery>;

export const fundRecord = z.object({
  id: z.string(),
  type: fundRecordType,
  /** Signed: positive money in, negative money out. */
  amount: moneyString,
  balanceAfter: moneyString,
  /** Which balance moved: available cash, or Yu'ebao for savings income. */
  balance: z.enum(["available", "savings"]),
  /**
   * What names the record elsewhere: a deposit's or withdrawal's order number, a contract's. Null for
   * records that have none (Yu'ebao moves and income, demo top-ups).
   */
  reference: z.string().nullable(),
  /** Into Yu'ebao: the day the shares confirm. */
  confirmsOn: calendarDate.nullable(),
  /** Yu'ebao income: the day it was earned for. */
  incomeDate: calendarDate.nullable(),
  createdAt: isoTime,
});
export type FundRecord = z.infer<typeof fundRecord>;
export const fundRecordPage = pageOf(fundRecord);
export type FundRecordPage = z.infer<typeof fundRecordPage>;

// ── Operator review ─────────────────────────────────────────────────────────────────────────────

/** A review queue's page: of one status or every status, narrowed by the console's list filters. */
export const reviewQuery = listQuery({ status: cashierStatus.optional() });
export type ReviewQuery = z.infer<typeof reviewQuery>;
/** The same filters for the queue's CSV export. */
export const reviewFilters = listFilters({ status: cashierStatus.optional() });
export type ReviewFilters = z.infer<typeof reviewFilters>;

export const rejectRequest = z.object({ reason: operatorReason });
export type RejectRequest = z.infer<typeof rejectRequest>;

export const operatorDeposit = deposit.extend({
  user: z.object({ id: z.string(), account: z.string() }),
  approvals: z.array(z.object({ operator: z.string(), at: isoTime })),
});
export type OperatorDeposit = z.infer<typeof operatorDeposit>;
export const operatorDepositPage = moneyListPageOf(operatorDeposit);
export type OperatorDepositPage = z.infer<typeof operatorDepositPage>;

/** A step as operators see it: with the operator who took it (null for the user's own steps). */
export const operatorWithdrawalStep = withdrawalStep.extend({ operator: z.string().nullable() });
export type OperatorWithdrawalStep = z.infer<typeof operatorWithdrawalStep>;

export const operatorWithdrawal = withdrawal.extend({
  user: z.object({ id: z.string(), account: z.string() }),
  steps: z.array(operatorWithdrawalStep),
  /** The full, unmasked destination, for the operator who pays it out. */
  payTo: z.record(z.string(), z.string().nullable()),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export const operatorWithdrawalPage = moneyListPageOf(operatorWithdrawal);
export type OperatorWithdrawalPage = z.infer<typeof operatorWithdrawalPage>;

/** The operator sent the money: the reference the bank or the chain gave the payment. */
export const markWithdrawalPaidRequest = z.object({
  reference: z
    .string({ error: () => "PAYMENT_REFERENCE_REQUIRED" })
    .trim()
    .min(1, { message: "PAYMENT_REFERENCE_REQUIRED" })
    .max(100, { message: "PAYMENT_REFERENCE_REQUIRED" })
    .describe("The payment's reference at the bank or on the chain, 1 to 100 characters"),
});
export type MarkWithdrawalPaidRequest = z.infer<typeof markWithdrawalPaidRequest>;

export const unbindWithdrawalAccountRequest = z.object({ reason: operatorReason });
export type UnbindWithdrawalAccountRequest = z.infer<typeof unbindWithdrawalAccountRequest>;

/**
 * The cashier's settings, each bounded: a stored value is parsed with the same schema before it is
 * used, so a value outside these bounds never reaches a withdrawal or a review.
 */
export const cashierSettings = z.object({
  withdrawalFeeFixed: moneyStringWithin("0", CASHIER_SETTING_MAX),
  withdrawalFeeRateBps: z.number().int().min(0).max(10_000),
  withdrawalMinAmount: boundedMoneyString(CASHIER_SETTING_MAX),
  depositSecondApprovalAbove: moneyStringWithin("0", CASHIER_SETTING_MAX),
});
export type CashierSettings = z.infer<typeof cashierSettings>;
