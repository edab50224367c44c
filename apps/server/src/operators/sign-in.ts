import type {
  OperatorLoginChallenge,
  OperatorLoginRequest,
  OperatorSecondFactorRequest,
} from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { checkSignInPassword } from "../platform/sign-in";
import { clearSignInFailures, recordSignInFailure, signInAllowed } from "../platform/sign-in-throttle";
import { hashToken, newToken } from "../platform/tokens";
import {
  acceptedTotpStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from "../platform/totp";
import { recordOwnAct } from "./own-audit";
import { openOperatorSession } from "./sessions";

/**
 * An operator signs in in two steps: the password answers a challenge; the challenge with the
 * authenticator's code (or a recovery code) answers a session. An operator without a second factor
 * enrols in the same two steps: the first offers a new secret, which becomes theirs only when the
 * second brings a right code for it. Wrong passwords and wrong codes count toward the same sign-in
 * throttle (platform/sign-in-throttle.ts), cleared only by a complete sign-in.
 */

const CHALLENGE_MS = 5 * 60_000;

/** Step one: the password. */
export async function startOperatorSignIn(
  db: Db,
  clock: Clock,
  input: OperatorLoginRequest,
): Promise<OperatorLoginChallenge> {
  const now = clock.now();
  const found = await db
    .selectFrom("operators")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", input.username.toLowerCase()))
    .executeTakeFirst();
  const { operator } = await checkSignInPassword(
    db,
    "operator",
    { name: input.username, password: input.password },
    found && { name: found.username, passwordHash: found.password_hash, operator: found },
    now,
    { clearFailures: false },
  );
  if (operator.disabled_at) throw new AppError("OPERATOR_DISABLED");
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  const pendingSecret = operator.totp_secret === null ? newTotpSecret() : null;
  // Expired challenges go with the retention job (operators/retention.ts).
  await db
    .insertInto("operator_sign_in_challenges")
    .values({
      challenge_hash: hash,
      operator_id: operator.id,
      pending_secret: pendingSecret,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  const challenge = { challenge: token, expiresAt: expiresAt.toISOString() };
  if (pendingSecret === null) return { step: "totp", ...challenge };
  return {
    step: "enrol",
    ...challenge,
    secret: pendingSecret,
    otpauthUri: totpUri(operator.username, pendingSecret),
  };
}

export interface CompletedSignIn {
  token: string;
  expiresAt: Date;
  operator: Operator;
  /** Only when this sign-in completed an enrolment. */
  recoveryCodes?: string[];
}

type Factor = { kind: "totp"; step: bigint } | { kind: "enrol"; step: bigint } | { kind: "recovery" };

type Attempt =
  | { result: "expired" }
  | { result: "disabled" }
  | { result: "throttled" }
  | { result: "wrong"; operator: Operator }
  | { result: "signed-in"; signIn: CompletedSignIn };

/** Step two: the challenge and one factor. */
export async function completeOperatorSignIn(
  db: Db,
  clock: Clock,
  input: OperatorSecondFactorRequest,
): Promise<CompletedSignIn> {
  const now = clock.now();
  const attempt = await db.transaction().execute(async (tx): Promise<Attempt> => {
    const challenge = await tx
      .selectFrom("operator_sign_in_challenges")
      .selectAll()
      .where("challenge_hash", "=", hashToken(input.challenge))
      .forUpdate()
      .executeTakeFirst();
    if (!challenge || challenge.used_at !== null || challenge.expires_at <= now) return { result: "expired" };
    // Locked, so two codes sent at once cannot both pass the replay check below.
    const operator = await tx
      .selectFrom("operators")
      .selectAll()
      .where("id", "=", challenge.operator_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (operator.disabled_at) return { result: "disabled" };
    // The factor changed since the password step (enrolled elsewhere, or reset): start again.
    if ((challenge.pending_secret === null) === (operator.totp_secret === null)) return { result: "expired" };
    if (!(await signInAllowed(tx, "operator", operator.username, now))) return { result: "throttled" };

    const factor = await checkFactor(tx, operator, challenge.pending_secret, input, now);
    if (!factor) return { result: "wrong", operator };
    await tx
      .updateTable("operator_sign_in_challenges")
      .set({ used_at: now })
      .where("challenge_hash", "=", challenge.challenge_hash)
      .execute();
    const recoveryCodes =
      factor.kind === "enrol"
        ? await enrol(tx, clock, operator, challenge.pending_secret ?? "", factor.step)
        : undefined;
    if (factor.kind === "totp") {
      await tx
        .updateTable("operators")
        .set({ totp_last_step: factor.step })
        .where("id", "=", operator.id)
        .execute();
    }
    if (factor.kind === "recovery") await auditRecoveryCodeUse(tx, clock, operator);
    await clearSignInFailures(tx, "operator", operator.username);
    const session = await openOperatorSession(tx, operator.id, now);
    await recordOwnAct(tx, clock, operator.id, "operator.login", { factor: factor.kind });
    return {
      result: "signed-in",
      signIn: { ...session, operator, ...(recoveryCodes ? { recoveryCodes } : {}) },
    };
  });

  switch (attempt.result) {
    case "signed-in":
      return attempt.signIn;
    case "expired":
      throw new AppError("SIGN_IN_CHALLENGE_EXPIRED");
    case "disabled":
      throw new AppError("OPERATOR_DISABLED");
    case "throttled":
      // Refused unchecked, and not counted, as a throttled password is.
      throw new AppError("SECOND_FACTOR_INVALID");
    case "wrong":
      await db.transaction().execute(async (tx) => {
        await recordSignInFailure(tx, "operator", attempt.operator.username, now);
        // A wrong code after a right password: worth an admin's eye (the password may be known).
        await recordOwnAct(tx, clock, attempt.operator.id, "operator.second_factor_fail", {
          factor: input.code === undefined ? "recovery" : "totp",
        });
      });
      throw new AppError("SECOND_FACTOR_INVALID");
  }
}

/** Which factor `input` proves, if any; a recovery code it proves is spent here. */
async function checkFactor(
  tx: Tx,
  operator: Operator,
  pendingSecret: string | null,
  input: OperatorSecondFactorRequest,
  now: Date,
): Promise<Factor | null> {
  if (pendingSecret !== null) {
    // Enrolment proves the new secret works in the operator's app: only its code will do.
    const step = input.code === undefined ? null : acceptedTotpStep(pendingSecret, input.code, now, null);
    return step === null ? null : { kind: "enrol", step };
  }
  if (input.code !== undefined) {
    const step = acceptedTotpStep(operator.totp_secret ?? "", input.code, now, operator.totp_last_step);
    return step === null ? null : { kind: "totp", step };
  }
  const spent = await tx
    .updateTable("operator_recovery_codes")
    .set({ used_at: now })
    .where("operator_id", "=", operator.id)
    .where("code_hash", "=", hashRecoveryCode(input.recoveryCode ?? ""))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n ? { kind: "recovery" } : null;
}

/** Makes the offered secret the operator's, with a fresh set of recovery codes (the old ones go). */
async function enrol(
  tx: Tx,
  clock: Clock,
  operator: Operator,
  secret: string,
  step: bigint,
): Promise<string[]> {
  const now = clock.now();
  await tx
    .updateTable("operators")
    .set({ totp_secret: secret, totp_enrolled_at: now, totp_last_step: step })
    .where("id", "=", operator.id)
    .execute();
  await tx.deleteFrom("operator_recovery_codes").where("operator_id", "=", operator.id).execute();
  const { codes, hashes } = newRecoveryCodes();
  await tx
    .insertInto("operator_recovery_codes")
    .values(
      hashes.map((code_hash) => ({ operator_id: operator.id, code_hash, created_at: now, used_at: null })),
    )
    .execute();
  await recordOwnAct(tx, clock, operator.id, "operator.totp_enrol", { recoveryCodes: codes.length });
  return codes;
}

/** A recovery code spent: audited with how many are left, so an admin sees an operator running out. */
async function auditRecoveryCodeUse(tx: Tx, clock: Clock, operator: Operator): Promise<void> {
  const { left } = await tx
    .selectFrom("operator_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("left"))
    .where("operator_id", "=", operator.id)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  await recordOwnAct(tx, clock, operator.id, "operator.recovery_code_use", { left: Number(left) });
}
