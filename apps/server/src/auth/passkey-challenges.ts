import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { PasskeyChallengePurpose } from "./schema";

/** Long enough for a person to find their phone and unlock it; the browser's own timeout is shorter. */
export const PASSKEY_CHALLENGE_TTL_MS = 3 * 60_000;

/** What a challenge is bound to: the session that asked (register, step-up) or the sign-in attempt. */
export type ChallengeBinding =
  | { purpose: "register"; sessionTokenHash: string }
  | { purpose: "sign_in"; attemptHash: string }
  | { purpose: "step_up"; sessionTokenHash: string; actionDigest: string };

function columns(binding: ChallengeBinding) {
  return {
    purpose: binding.purpose as PasskeyChallengePurpose,
    session_token_hash: binding.purpose === "sign_in" ? null : binding.sessionTokenHash,
    attempt_hash: binding.purpose === "sign_in" ? binding.attemptHash : null,
    action_digest: binding.purpose === "step_up" ? binding.actionDigest : null,
  };
}

export async function saveChallenge(
  db: Executor,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
): Promise<void> {
  // Expired challenges go with the retention job (auth/retention.ts).
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge,
      ...columns(binding),
      created_at: now,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    })
    .execute();
}

/**
 * Uses up the challenge the browser signed, if it is live and was given to this binding; otherwise
 * PASSKEY_NOT_VERIFIED. It is gone whatever the answer's fate, so an answer is never checked twice.
 */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
): Promise<void> {
  const want = columns(binding);
  const taken = await db
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .returning(["purpose", "session_token_hash", "attempt_hash", "action_digest", "expires_at"])
    .executeTakeFirst();
  const matches =
    taken !== undefined &&
    taken.expires_at > now &&
    taken.purpose === want.purpose &&
    taken.session_token_hash === want.session_token_hash &&
    taken.attempt_hash === want.attempt_hash &&
    taken.action_digest === want.action_digest;
  if (!matches) throw new AppError("PASSKEY_NOT_VERIFIED");
}

/** The challenge a browser's answer signed (clientDataJSON.challenge), or PASSKEY_NOT_VERIFIED. */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (
      typeof data === "object" &&
      data !== null &&
      "challenge" in data &&
      typeof data.challenge === "string"
    )
      return data.challenge;
  } catch {
    // Not JSON: refused below like any other unreadable answer.
  }
  throw new AppError("PASSKEY_NOT_VERIFIED");
}
