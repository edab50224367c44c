import { type ErrorCode, isPayPassword } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { verifyPassword } from "../platform/passwords";
import type { User } from "../platform/schema";
import { clearSignInFailures, recordSignInFailure, signInAllowed } from "../platform/sign-in-throttle";

/**
 * A user's two secrets, each with one throttle shared by every place that checks it: the login password
 * (sign-in and the change-password form) and the transaction password (withdrawals and the
 * change-password form). A stolen session cannot guess around a lock through another form.
 */

export const PAY_PASSWORD_ATTEMPTS = 5;
export const PAY_LOCK_MS = 15 * 60_000;

/** The login password of a signed-in user (the change-password form, a break); the sign-in throttle applies. */
export async function checkLoginPassword(
  db: Executor,
  user: User,
  password: string,
  now: Date,
  field: string,
  wrong: ErrorCode = "OLD_PASSWORD_WRONG",
): Promise<void> {
  if (!(await signInAllowed(db, "user", user.account, now)))
    throw new AppError("PASSWORD_LOCKED", { [field]: "PASSWORD_LOCKED" });
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordSignInFailure(db, "user", user.account, now);
    throw fieldErrors({ [field]: wrong });
  }
  await clearSignInFailures(db, "user", user.account);
}

/**
 * The transaction password. The lock is read afresh, not from the session's copy of the user; a
 * failure is counted in its own statement, and the fifth in a row locks withdrawals (and this check)
 * for 15 minutes.
 */
export async function checkPayPassword(
  db: Executor,
  user: User,
  payPassword: string,
  now: Date,
  field: string,
  wrong: ErrorCode = "PAY_PASSWORD_WRONG",
): Promise<void> {
  const { pay_locked_until } = await db
    .selectFrom("users")
    .select("pay_locked_until")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (pay_locked_until && pay_locked_until > now) throw new AppError("WITHDRAWALS_LOCKED");
  if (isPayPassword(payPassword) && (await verifyPassword(user.pay_password_hash, payPassword))) {
    await db
      .updateTable("users")
      .set({ pay_failures: 0, pay_locked_until: null })
      .where("id", "=", user.id)
      .where("pay_failures", ">", 0)
      .execute();
    return;
  }
  const lockUntil = new Date(now.getTime() + PAY_LOCK_MS);
  const { rows } = await sql<{ locked: boolean }>`
    update users set
      pay_failures = case when pay_failures + 1 >= ${PAY_PASSWORD_ATTEMPTS} then 0 else pay_failures + 1 end,
      pay_locked_until = case when pay_failures + 1 >= ${PAY_PASSWORD_ATTEMPTS} then ${lockUntil}::timestamptz end
    where id = ${user.id}
    returning pay_locked_until is not null as locked`.execute(db);
  if (rows[0]?.locked) throw new AppError("WITHDRAWALS_LOCKED");
  throw new AppError(wrong, { [field]: wrong });
}
