import { createHash } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type {
  PasskeyAssertionResponse,
  PasskeyInfo,
  PasskeyRegistrationResponse,
  StepUpAction,
} from "@tickfair/contract";
import { recordNotice } from "../messages";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { RelyingParty } from "../platform/relying-party";
import type { User } from "../platform/schema";
import { type ChallengeBinding, saveChallenge, signedChallenge, takeChallenge } from "./passkey-challenges";
import type { UserPasskeysTable } from "./schema";
import { actionDigest } from "./step-up";

/**
 * A user's passkeys (docs/decisions/0069-passkeys.md): made in settings, used to sign in and as the
 * step-up proof. Every ceremony requires user verification (the phone's unlock, not just a tap), so a
 * passkey is a whole factor on its own, as the password is.
 */

type Passkey = Pick<UserPasskeysTable, "credential_id" | "public_key" | "transports"> & {
  id: bigint;
  user_id: bigint;
  sign_count: bigint;
};

/** A stable WebAuthn user handle: not the account name (it is stored on the authenticator). */
function userHandle(userId: bigint): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(`tickfair-user:${userId}`).digest().subarray(0, 16));
}

export async function listPasskeys(db: Executor, userId: bigint): Promise<PasskeyInfo[]> {
  const rows = await db
    .selectFrom("user_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  }));
}

function credentialsOf(db: Executor, userId: bigint) {
  return db
    .selectFrom("user_passkeys")
    .select(["credential_id as id", "transports"])
    .where("user_id", "=", userId)
    .execute();
}

export async function registrationOptions(
  db: Executor,
  rp: RelyingParty,
  user: User,
  sessionTokenHash: string,
  now: Date,
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.account,
    userDisplayName: user.nickname,
    userID: userHandle(user.id),
    attestationType: "none",
    excludeCredentials: await credentialsOf(db, user.id),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await saveChallenge(db, options.challenge, { purpose: "register", sessionTokenHash }, now);
  return { ...options };
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * Checks a registration answer over a challenge this session was given. The challenge is used up
 * here, outside the transaction that keeps the passkey, so a refused answer cannot be tried again.
 */
export async function verifyRegistration(
  db: Executor,
  rp: RelyingParty,
  sessionTokenHash: string,
  response: PasskeyRegistrationResponse,
  now: Date,
): Promise<NewPasskey> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  await takeChallenge(db, challenge, { purpose: "register", sessionTokenHash }, now);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new AppError("PASSKEY_NOT_VERIFIED");
  const { credential } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
  };
}

/** Keeps a verified passkey; run it in the transaction that consumed the step-up for it. */
export async function keepPasskey(
  tx: Executor,
  userId: bigint,
  name: string,
  passkey: NewPasskey,
  now: Date,
): Promise<PasskeyInfo> {
  const added = await tx
    .insertInto("user_passkeys")
    .values({
      user_id: userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      sign_count: passkey.counter,
      transports: passkey.transports,
      name,
      created_at: now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returning(["id", "name", "created_at"])
    .executeTakeFirst();
  // The same authenticator registered twice (excludeCredentials should have stopped it).
  if (!added) throw new AppError("PASSKEY_NOT_VERIFIED");
  await recordNotice(tx, userId, { kind: "passkey_added", name }, now);
  return {
    id: String(added.id),
    name: added.name,
    createdAt: added.created_at.toISOString(),
    lastUsedAt: null,
  };
}

export async function renamePasskey(db: Executor, userId: bigint, id: bigint, name: string): Promise<void> {
  const renamed = await db
    .updateTable("user_passkeys")
    .set({ name })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (renamed.numUpdatedRows === 0n) throw new AppError("PASSKEY_NOT_FOUND");
}

/** Removes the passkey, and tells the user in their inbox (a removal they did not make is seen). */
export async function removePasskey(tx: Executor, userId: bigint, id: bigint, now: Date): Promise<void> {
  const removed = await tx
    .deleteFrom("user_passkeys")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("name")
    .executeTakeFirst();
  if (!removed) throw new AppError("PASSKEY_NOT_FOUND");
  await recordNotice(tx, userId, { kind: "passkey_removed", name: removed.name }, now);
}

/** Sign-in options: no credentials listed, so the browser offers whichever of its passkeys is for this site. */
export async function signInOptions(db: Executor, rp: RelyingParty, attemptHash: string, now: Date) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  await saveChallenge(db, options.challenge, { purpose: "sign_in", attemptHash }, now);
  return { ...options };
}

/** Step-up options: the user's own passkeys, over a challenge bound to the session and the action. */
export async function stepUpOptions(
  db: Executor,
  rp: RelyingParty,
  holder: { userId: bigint; sessionTokenHash: string },
  action: StepUpAction,
  now: Date,
) {
  const credentials = await credentialsOf(db, holder.userId);
  if (credentials.length === 0) throw new AppError("PASSKEY_NOT_FOUND");
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: credentials,
    userVerification: "required",
  });
  const binding = {
    purpose: "step_up" as const,
    sessionTokenHash: holder.sessionTokenHash,
    actionDigest: actionDigest(action),
  };
  await saveChallenge(db, options.challenge, binding, now);
  return { ...options };
}

/**
 * Checks an assertion over a challenge given to `binding`, and records the passkey's use. Answers the
 * passkey's owner; `userId`, when given, must be that owner (step-up of a signed-in user).
 */
export async function verifyAssertion(
  db: Executor,
  rp: RelyingParty,
  binding: ChallengeBinding,
  response: PasskeyAssertionResponse,
  now: Date,
  userId?: bigint,
): Promise<bigint> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  await takeChallenge(db, challenge, binding, now);
  let query = db
    .selectFrom("user_passkeys")
    .select(["id", "user_id", "credential_id", "public_key", "sign_count", "transports"])
    .where("credential_id", "=", response.id);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const passkey: Passkey | undefined = await query.executeTakeFirst();
  if (!passkey) throw new AppError("PASSKEY_UNKNOWN");
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(passkey.user_id)).toString("base64url"))
    throw new AppError("PASSKEY_NOT_VERIFIED");
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.sign_count),
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) throw new AppError("PASSKEY_NOT_VERIFIED");
  // Compared with the count just checked: of two answers racing with the same count, one loses here.
  const used = await db
    .updateTable("user_passkeys")
    .set({ sign_count: verification.authenticationInfo.newCounter, last_used_at: now })
    .where("id", "=", passkey.id)
    .where("sign_count", "=", passkey.sign_count)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) throw new AppError("PASSKEY_NOT_VERIFIED");
  return passkey.user_id;
}
