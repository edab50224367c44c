import { sql } from "kysely";
import type { Executor } from "./db";

/**
 * Wrong-password policy, shared by users and operators and by every place that checks a sign-in
 * password: from the 5th failure each further attempt must wait a growing delay (1 s, 2 s, 4 s …),
 * from the 10th the name locks for 15 minutes. Attempts while throttled are refused unchecked.
 */
export const THROTTLE_AFTER = 5;
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60_000;

export type SignInRealm = "user" | "operator";

/**
 * Whether a name may try a password now. Failures are counted by the name that was typed, whether an
 * account has it or not: a wrong password on a real account and any password on an unknown one do the
 * same reads and the same write, so the time of the answer does not tell whether the account exists.
 */
export async function signInAllowed(
  db: Executor,
  realm: SignInRealm,
  name: string,
  now: Date,
): Promise<boolean> {
  return (await signInThrottledUntil(db, realm, name, now)) === null;
}

/** Counts a failure; the policy's delay is worked out in the same statement, so concurrent failures each count. */
export async function recordSignInFailure(
  db: Executor,
  realm: SignInRealm,
  name: string,
  now: Date,
): Promise<void> {
  await sql`
    insert into sign_in_failures as f (realm, name, failures, throttled_until, updated_at)
    values (${realm}, ${name.toLowerCase()}, 1, null, ${now})
    on conflict (realm, name) do update set
      failures = f.failures + 1,
      updated_at = excluded.updated_at,
      throttled_until = case
        when f.failures + 1 >= ${LOCK_AFTER}
          then excluded.updated_at + make_interval(secs => ${LOCK_MS / 1000})
        when f.failures + 1 >= ${THROTTLE_AFTER}
          then excluded.updated_at + make_interval(secs => power(2, f.failures + 1 - ${THROTTLE_AFTER}))
        else null
      end`.execute(db);
}

/** A right password clears the count (only a right one, so a wrong one is not told apart by a write). */
export async function clearSignInFailures(db: Executor, realm: SignInRealm, name: string): Promise<void> {
  await db
    .deleteFrom("sign_in_failures")
    .where("realm", "=", realm)
    .where("name", "=", name.toLowerCase())
    .execute();
}

/** Until when a name's sign-in attempts are held back (wrong passwords), or null when they are not. */
export async function signInThrottledUntil(
  db: Executor,
  realm: SignInRealm,
  name: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom("sign_in_failures")
    .select("throttled_until")
    .where("realm", "=", realm)
    .where("name", "=", name.toLowerCase())
    .executeTakeFirst();
  return row?.throttled_until && row.throttled_until > now ? row.throttled_until : null;
}
