import { sql } from "kysely";
import type { RetentionRule } from "../platform/retention";

const DAY_MS = 24 * 60 * 60_000;

/**
 * An ended session is kept 90 days: the console's list of a user's sessions shows ended ones beside the
 * live (device, addresses, when), which is what customer service looks at when a user asks about a
 * sign-in they do not know; 90 days covers the statements and disputes a user raises after the fact.
 * The user's own list shows only live sessions.
 */
export const ENDED_SESSION_WINDOW_MS = 90 * DAY_MS;

/**
 * A step-up grant is kept as long as the session it was granted in (which proof a withdrawal or a
 * password change was made with); it goes first, as it refers to its session.
 */
export const STEP_UP_GRANT_WINDOW_MS = ENDED_SESSION_WINDOW_MS;

/**
 * Sign-in challenges (the second step, passkeys) go once expired: nothing reads one then (a missing and
 * an expired challenge are refused alike), and passkey sign-in challenges are asked for without an
 * account, so the table holds only the ceremonies of the last minutes.
 */
export const CHALLENGE_WINDOW_MS = 0;

/**
 * A name's wrong-password count is forgotten after a quiet day (and never while it holds the name back).
 * From LOCK_AFTER failures on a name gets one guess per LOCK_MS (platform/sign-in-throttle.ts); a day is
 * longer than LOCK_AFTER locks, so a forgotten count gives back fewer guesses (LOCK_AFTER at most) than
 * the lock let through while the name was quiet.
 */
export const SIGN_IN_FAILURES_WINDOW_MS = DAY_MS;

/**
 * auth's rules, in the order they run: what refers to a session before the sessions. The newest
 * session of each device a user signed in from stays, ended or not: signing in from a device the user
 * never used is told to them (a notice), and a device is known by its sessions.
 */
export const authRetention: readonly RetentionRule[] = [
  {
    table: "step_up_grants",
    key: ["token_hash"],
    windowMs: STEP_UP_GRANT_WINDOW_MS,
    expired: (cutoff) => sql`t.expires_at < ${cutoff}::timestamptz`,
  },
  {
    table: "passkey_challenges",
    key: ["challenge"],
    windowMs: CHALLENGE_WINDOW_MS,
    expired: (cutoff) => sql`t.expires_at < ${cutoff}::timestamptz`,
  },
  {
    table: "user_sign_in_challenges",
    key: ["challenge_hash"],
    windowMs: CHALLENGE_WINDOW_MS,
    expired: (cutoff) => sql`t.expires_at < ${cutoff}::timestamptz`,
  },
  {
    table: "sessions",
    key: ["token_hash"],
    windowMs: ENDED_SESSION_WINDOW_MS,
    expired: (cutoff) => sql`coalesce(t.revoked_at, t.expires_at) < ${cutoff}::timestamptz
      and exists (select 1 from sessions n
        where n.user_id = t.user_id and n.device is not distinct from t.device and n.id > t.id)
      and not exists (select 1 from step_up_grants g where g.session_token_hash = t.token_hash)
      and not exists (select 1 from passkey_challenges c where c.session_token_hash = t.token_hash)`,
  },
  {
    table: "sign_in_failures",
    key: ["realm", "name"],
    windowMs: SIGN_IN_FAILURES_WINDOW_MS,
    expired: (cutoff, now) => sql`t.updated_at < ${cutoff}::timestamptz
      and (t.throttled_until is null or t.throttled_until <= ${now}::timestamptz)`,
  },
];
