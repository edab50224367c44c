import type { Executor } from "./db";
import { AppError } from "./errors";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import {
  clearSignInFailures,
  recordSignInFailure,
  type SignInRealm,
  signInAllowed,
} from "./sign-in-throttle";

/**
 * Checks the password typed at a sign-in against the account the typed name found, if any. Every
 * failure, whether the account is missing, the password wrong or the name throttled, answers the same
 * INVALID_CREDENTIALS after the same amount of work. Answers the account it signed in.
 *
 * `clearFailures: false` is for a password that is only the first of two steps (operators): the
 * count is cleared when the second factor is right too, so a known password cannot wipe the wrong
 * codes guessed after it and buy unlimited guesses at the second factor.
 */
export async function checkSignInPassword<A extends { name: string; passwordHash: string }>(
  db: Executor,
  realm: SignInRealm,
  typed: { name: string; password: string },
  account: A | undefined,
  now: Date,
  options: { clearFailures: boolean } = { clearFailures: true },
): Promise<A> {
  // Known or not, the name's throttle is read, a hash checked and a failure counted: the same work.
  const allowed = await signInAllowed(db, realm, typed.name, now);
  const valid =
    account && allowed && typed.password
      ? await verifyPassword(account.passwordHash, typed.password)
      : await verifyAgainstNothing(typed.password);
  if (!account || !valid) {
    // A refusal while throttled is not a guess at the password: it does not count.
    if (allowed) await recordSignInFailure(db, realm, typed.name, now);
    throw new AppError("INVALID_CREDENTIALS");
  }
  if (options.clearFailures) await clearSignInFailures(db, realm, account.name);
  return account;
}

/** A new session as the contract's `newSession` puts it on the wire. */
export function newSessionAnswer(session: { token: string; expiresAt: Date }) {
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}
