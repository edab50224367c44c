import type { TotpEnrolment, TotpStatus } from "@tickfair/contract";
import { recordNotice } from "../messages";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import type { User } from "../platform/schema";
import { recordSignInFailure, signInAllowed } from "../platform/sign-in-throttle";
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, totpUri } from "../platform/totp";

/**
 * A user's two-step sign-in (decision 0068), turned on and off from settings. Starting offers a new
 * secret; it becomes the user's only when a right code for it comes back, which also answers ten
 * recovery codes, shown once and kept hashed. Turning it off takes a step-up (the route's).
 */

export async function totpStatus(db: Executor, userId: bigint): Promise<TotpStatus> {
  const row = await db
    .selectFrom("user_totp")
    .select("confirmed_at")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!row?.confirmed_at) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: row.confirmed_at.toISOString(),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

/** A new secret to enrol, replacing one offered before and never confirmed. */
export async function startTotpEnrolment(db: Db, user: User, now: Date): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const started = await db
    .insertInto("user_totp")
    .values({ user_id: user.id, secret, created_at: now, confirmed_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret, created_at: now, last_step: null })
        .where("user_totp.confirmed_at", "is", null),
    )
    .returning("user_id")
    .executeTakeFirst();
  if (!started) throw new AppError("TOTP_ALREADY_ENABLED");
  return { secret, otpauthUri: totpUri(user.account, secret) };
}

/** Turns two-step sign-in on with a right code for the offered secret; answers the recovery codes. */
export async function confirmTotpEnrolment(db: Db, user: User, code: string, now: Date): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const pending = await tx
      .selectFrom("user_totp")
      .select(["secret", "confirmed_at"])
      .where("user_id", "=", user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!pending || pending.confirmed_at !== null) throw new AppError("TOTP_ENROLMENT_NOT_STARTED");
    // Proves the secret reached the user's authenticator app: its code, now, is the only way on.
    const step = acceptedTotpStep(pending.secret, code, now, null);
    if (step === null) throw fieldErrors({ code: "TOTP_CODE_WRONG" });
    await tx
      .updateTable("user_totp")
      .set({ confirmed_at: now, last_step: step })
      .where("user_id", "=", user.id)
      .execute();
    await recordNotice(tx, user.id, { kind: "totp_enabled" }, now);
    return replaceRecoveryCodes(tx, user.id, now);
  });
}

/**
 * The user's turned-on authenticator, locked so two codes sent at once cannot both pass the replay
 * check (a code's step once accepted is refused for the rest of its window).
 */
export function lockedTotp(tx: Tx, userId: bigint) {
  return tx
    .selectFrom("user_totp")
    .select(["secret", "last_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * New recovery codes (the old ones stop working), for a right current code: a stolen session alone
 * cannot mint a way past the authenticator. Wrong codes count toward the sign-in throttle, so they
 * cannot be guessed here either.
 */
export async function renewRecoveryCodes(db: Db, user: User, code: string, now: Date): Promise<string[]> {
  const outcome = await db.transaction().execute(async (tx) => {
    const totp = await lockedTotp(tx, user.id);
    if (!totp) throw new AppError("TOTP_NOT_ENABLED");
    if (!(await signInAllowed(tx, "user", user.account, now))) return "throttled";
    const step = acceptedTotpStep(totp.secret, code, now, totp.last_step);
    if (step === null) return "wrong";
    await tx.updateTable("user_totp").set({ last_step: step }).where("user_id", "=", user.id).execute();
    return replaceRecoveryCodes(tx, user.id, now);
  });
  if (Array.isArray(outcome)) return outcome;
  // Refused unchecked while throttled, and then not counted, as a throttled password is.
  if (outcome === "wrong") await recordSignInFailure(db, "user", user.account, now);
  throw fieldErrors({ code: "TOTP_CODE_WRONG" });
}

/**
 * Turns two-step sign-in off, in the caller's transaction: the user's, which uses the step-up, or an
 * operator's reset for a user who lost both the authenticator and the recovery codes. Either way the
 * user is told in their inbox.
 */
export async function disableTotp(tx: Tx, userId: bigint, now: Date, by: "user" | "operator"): Promise<void> {
  const removed = await tx
    .deleteFrom("user_totp")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new AppError("TOTP_NOT_ENABLED");
  await tx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
  // A second step already under way has nothing left to complete.
  await tx.deleteFrom("user_sign_in_challenges").where("user_id", "=", userId).execute();
  await recordNotice(tx, userId, { kind: "totp_disabled", byOperator: by === "operator" }, now);
}

async function replaceRecoveryCodes(tx: Tx, userId: bigint, now: Date): Promise<string[]> {
  await tx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
  const { codes, hashes } = newRecoveryCodes();
  await tx
    .insertInto("user_recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
  return codes;
}

async function recoveryCodesLeft(db: Executor, userId: bigint): Promise<number> {
  const { left } = await db
    .selectFrom("user_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("left"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(left);
}
