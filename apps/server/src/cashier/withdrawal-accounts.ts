import {
  type BindWithdrawalAccountRequest,
  type ErrorCode,
  isCountryCode,
  isCryptoAddress,
  isCryptoNetwork,
  type WithdrawalAccount,
} from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, PG_UNIQUE_VIOLATION, pgErrorCode, type Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import type { Operator } from "../platform/schema";
import type { WithdrawalAccountRow } from "./schema";

/** Checks every field of a withdrawal account and answers all problems at once. */
export function validateWithdrawalAccount(
  input: BindWithdrawalAccountRequest,
): Omit<WithdrawalAccountRow, "id" | "user_id" | "bound_at" | "unbound_at" | "unbound_by"> {
  const fields: Record<string, ErrorCode> = {};
  if (input.type === "bank") {
    const cardNumber = input.cardNumber.replace(/[\s-]/g, "");
    if (input.accountName.length < 2) fields.accountName = "ACCOUNT_NAME_INVALID";
    // An ISO 3166-1 alpha-2 code, which every screen names in its own language.
    if (!isCountryCode(input.nationality)) fields.nationality = "NATIONALITY_INVALID";
    if (input.bankName.length < 2) fields.bankName = "BANK_NAME_INVALID";
    if (!/^\d{8,30}$/.test(cardNumber)) fields.cardNumber = "CARD_NUMBER_INVALID";
    if (input.bankAddress.length < 2) fields.bankAddress = "BANK_ADDRESS_INVALID";
    if (Object.keys(fields).length > 0) throw fieldErrors(fields);
    return {
      type: "bank",
      account_name: input.accountName,
      nationality: input.nationality,
      bank_name: input.bankName,
      card_number: cardNumber,
      bank_address: input.bankAddress,
      network: null,
      address: null,
    };
  }
  const network = isCryptoNetwork(input.network) ? input.network : null;
  if (!network) fields.network = "NETWORK_INVALID";
  else if (!isCryptoAddress(network, input.address)) fields.address = "CRYPTO_ADDRESS_INVALID";
  if (!input.address) fields.address = "CRYPTO_ADDRESS_INVALID";
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);
  return {
    type: "crypto",
    account_name: null,
    nationality: null,
    bank_name: null,
    card_number: null,
    bank_address: null,
    network,
    address: input.address,
  };
}

export function maskTail(value: string, visible = 4): string {
  if (value.length <= visible) return value;
  return `${"*".repeat(Math.min(value.length - visible, 8))}${value.slice(-visible)}`;
}

export function maskAddress(value: string): string {
  return value.length <= 12 ? value : `${value.slice(0, 6)}…${value.slice(-6)}`;
}

export function toWithdrawalAccount(row: WithdrawalAccountRow): WithdrawalAccount {
  return {
    type: row.type,
    accountName: row.account_name,
    nationality: row.nationality,
    bankName: row.bank_name,
    cardNumber: row.card_number ? maskTail(row.card_number) : null,
    bankAddress: row.bank_address,
    network: row.network,
    address: row.address ? maskAddress(row.address) : null,
    boundAt: row.bound_at.toISOString(),
  };
}

export function boundAccount(db: Executor, userId: bigint): Promise<WithdrawalAccountRow | undefined> {
  return db
    .selectFrom("withdrawal_accounts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("unbound_at", "is", null)
    .executeTakeFirst();
}

/** The user's bound withdrawal account as shown back (masked), or null when none is bound. */
export async function boundWithdrawalAccount(
  db: Executor,
  userId: bigint,
): Promise<WithdrawalAccount | null> {
  const row = await boundAccount(db, userId);
  return row ? toWithdrawalAccount(row) : null;
}

/**
 * Binds the user's withdrawal account; once bound it is locked, and only an operator can unbind it.
 * Run in the transaction that consumed the user's step-up, so a refused binding leaves it usable.
 */
export async function bindWithdrawalAccount(
  db: Tx,
  userId: bigint,
  input: BindWithdrawalAccountRequest,
  at: Date,
): Promise<WithdrawalAccount> {
  const values = validateWithdrawalAccount(input);
  if (await boundAccount(db, userId)) throw new AppError("WITHDRAWAL_ACCOUNT_LOCKED");
  try {
    const row = await db
      .insertInto("withdrawal_accounts")
      .values({ ...values, user_id: userId, bound_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWithdrawalAccount(row);
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError("WITHDRAWAL_ACCOUNT_LOCKED");
    throw error;
  }
}

/** Customer service unbinds an account at the user's request; the audit log keeps what it was. */
export async function unbindWithdrawalAccount(
  db: Db,
  clock: Clock,
  operator: Operator,
  userId: bigint,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("withdrawal_accounts")
      .set({ unbound_at: clock.now(), unbound_by: operator.id })
      .where("user_id", "=", userId)
      .where("unbound_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "withdrawal_account.unbind",
      targetType: "user",
      targetId: String(userId),
      reason,
      detail: { withdrawalAccountId: String(row.id), ...toWithdrawalAccount(row) },
    });
  });
}
