import { createHash } from "node:crypto";
import {
  STEP_UP_HEADER,
  STEP_UP_TTL_SECONDS,
  type StepUpAction,
  type StepUpGrant,
  type StepUpMethod,
} from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { hashToken, newToken } from "../platform/tokens";

/**
 * Step-up grants (decision 0067). A proof, checked by the step-up route, is granted for one action of
 * one session; the action's route consumes it in the transaction that acts, so a failed action leaves
 * it unused and a second use finds it gone.
 */

export interface StepUpHolder {
  userId: bigint;
  sessionTokenHash: string;
}

/** The same for the same kind and fields in any order; a field's value is compared as sent. */
export function actionDigest(action: StepUpAction): string {
  const fields = Object.entries(action.data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify([action.kind, fields]))
    .digest("hex");
}

export async function grantStepUp(
  db: Executor,
  holder: StepUpHolder,
  action: StepUpAction,
  method: StepUpMethod,
  now: Date,
): Promise<StepUpGrant> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + STEP_UP_TTL_SECONDS * 1000);
  await db
    .insertInto("step_up_grants")
    .values({
      token_hash: hash,
      user_id: holder.userId,
      session_token_hash: holder.sessionTokenHash,
      kind: action.kind,
      action_digest: actionDigest(action),
      method,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses the grant `token` names for `action`, or refuses with STEP_UP_REQUIRED: no token, another
 * session's or user's, another action's, expired or used. Run it in the action's transaction.
 */
export async function consumeStepUp(
  tx: Executor,
  holder: StepUpHolder,
  action: StepUpAction,
  token: string | undefined,
  now: Date,
): Promise<void> {
  if (!token || token.length > 100) throw new AppError("STEP_UP_REQUIRED");
  const used = await tx
    .updateTable("step_up_grants")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("user_id", "=", holder.userId)
    .where("session_token_hash", "=", holder.sessionTokenHash)
    .where("action_digest", "=", actionDigest(action))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("token_hash")
    .executeTakeFirst();
  if (!used) throw new AppError("STEP_UP_REQUIRED");
}

/** consumeStepUp for a signed-in user's request, with the token from its STEP_UP_HEADER. */
export function requireStepUp(
  tx: Executor,
  request: FastifyRequest,
  action: StepUpAction,
  now: Date,
): Promise<void> {
  const header = request.headers[STEP_UP_HEADER];
  const token = typeof header === "string" ? header : undefined;
  return consumeStepUp(
    tx,
    { userId: request.user.id, sessionTokenHash: request.sessionTokenHash },
    action,
    token,
    now,
  );
}

/**
 * The proof this user gives: a passkey once they have one, the transaction password until then. Where
 * passkeys cannot work (a plain-HTTP LAN address) the answer stays "passkey": falling back to the six
 * digits there would let a thief holding them pick the weaker proof by choosing the address.
 */
export async function userStepUpMethod(db: Executor, userId: bigint): Promise<StepUpMethod> {
  const passkey = await db
    .selectFrom("user_passkeys")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return passkey ? "passkey" : "payPassword";
}
