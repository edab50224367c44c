import type { SecondFactorRequest } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { User } from "../platform/schema";
import { clearSignInFailures, recordSignInFailure, signInAllowed } from "../platform/sign-in-throttle";
import { hashToken } from "../platform/tokens";
import { acceptedTotpStep, hashRecoveryCode } from "../platform/totp";
import { type AuthSettings, openUserSession, type Session } from "./sessions";
import { lockedTotp } from "./totp";

/**
 * The second step of a user's sign-in (decision 0068): the challenge the password answered, with the
 * authenticator's code or a recovery code, answers a session. The rules are the operators': a code
 * once accepted is refused for the rest of its window, a recovery code works once, and wrong codes
 * count toward the same throttle as wrong passwords, cleared only by a complete sign-in.
 */

type Attempt =
  | { result: "expired" }
  | { result: "throttled" }
  | { result: "wrong"; user: User }
  | { result: "signed-in"; session: Session };

export async function completeUserSignIn(
  db: Db,
  clock: Clock,
  settings: AuthSettings,
  input: SecondFactorRequest,
): Promise<Session> {
  const now = clock.now();
  const attempt = await db.transaction().execute(async (tx): Promise<Attempt> => {
    const challenge = await tx
      .selectFrom("user_sign_in_challenges")
      .selectAll()
      .where("challenge_hash", "=", hashToken(input.challenge))
      .forUpdate()
      .executeTakeFirst();
    if (!challenge || challenge.used_at !== null || challenge.expires_at <= now) return { result: "expired" };
    const user = await tx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", challenge.user_id)
      .executeTakeFirstOrThrow();
    const totp = await lockedTotp(tx, user.id);
    // Turned off since the password step: start again, with the password alone this time.
    if (!totp) return { result: "expired" };
    if (!(await signInAllowed(tx, "user", user.account, now))) return { result: "throttled" };

    const proven = await checkFactor(tx, user.id, totp, input, now);
    if (!proven) return { result: "wrong", user };
    await tx
      .updateTable("user_sign_in_challenges")
      .set({ used_at: now })
      .where("challenge_hash", "=", challenge.challenge_hash)
      .execute();
    await clearSignInFailures(tx, "user", user.account);
    // The session is the password step's: where the password was typed is where it was opened.
    const client = { device: challenge.device, address: challenge.address };
    return { result: "signed-in", session: await openUserSession(tx, settings, user, client, now) };
  });

  switch (attempt.result) {
    case "signed-in":
      return attempt.session;
    case "expired":
      throw new AppError("SIGN_IN_CHALLENGE_EXPIRED");
    case "throttled":
      // Refused unchecked, and not counted, as a throttled password is.
      throw new AppError("SECOND_FACTOR_INVALID");
    case "wrong":
      await recordSignInFailure(db, "user", attempt.user.account, now);
      throw new AppError("SECOND_FACTOR_INVALID");
  }
}

/** Whether `input` proves the factor; an accepted code's step is recorded, a recovery code spent. */
async function checkFactor(
  tx: Tx,
  userId: bigint,
  totp: { secret: string; last_step: bigint | null },
  input: SecondFactorRequest,
  now: Date,
): Promise<boolean> {
  if (input.code !== undefined) {
    const step = acceptedTotpStep(totp.secret, input.code, now, totp.last_step);
    if (step === null) return false;
    await tx.updateTable("user_totp").set({ last_step: step }).where("user_id", "=", userId).execute();
    return true;
  }
  const spent = await tx
    .updateTable("user_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashRecoveryCode(input.recoveryCode ?? ""))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}
