import type { Db } from "../platform/db";
import { newToken } from "../platform/tokens";

/** How long the second step of a sign-in may wait after the password. */
export const SIGN_IN_CHALLENGE_MS = 5 * 60_000;

/**
 * The challenge a right password answers for a user with two-step sign-in: a random token (its hash
 * kept), bound to the user and to the device and address of this attempt, used once by the second step.
 */
export async function openSignInChallenge(
  db: Db,
  userId: bigint,
  client: { device: string | null; address: string | null },
  now: Date,
): Promise<{ challenge: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MS);
  // Expired challenges go with the retention job (auth/retention.ts).
  await db
    .insertInto("user_sign_in_challenges")
    .values({
      challenge_hash: hash,
      user_id: userId,
      device: client.device,
      address: client.address,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { challenge: token, expiresAt };
}
