import { sql } from "kysely";
import type { RetentionRule } from "../platform/retention";

const DAY_MS = 24 * 60 * 60_000;

/**
 * An operator's ended session is kept 30 days. No list shows them (the audit log keeps every sign-in,
 * sign-out and second-factor failure for good); a month keeps the tokens photo links were issued to
 * while a question about last month's reviews is still fresh.
 */
export const ENDED_OPERATOR_SESSION_WINDOW_MS = 30 * DAY_MS;

/**
 * A sign-in challenge goes once expired: nothing reads one then (missing and expired answer alike), and
 * an enrolment's challenge holds the authenticator secret offered.
 */
export const OPERATOR_CHALLENGE_WINDOW_MS = 0;

export const operatorsRetention: readonly RetentionRule[] = [
  {
    table: "operator_sign_in_challenges",
    key: ["challenge_hash"],
    windowMs: OPERATOR_CHALLENGE_WINDOW_MS,
    expired: (cutoff) => sql`t.expires_at < ${cutoff}::timestamptz`,
  },
  {
    table: "operator_sessions",
    key: ["token_hash"],
    windowMs: ENDED_OPERATOR_SESSION_WINDOW_MS,
    expired: (cutoff) => sql`coalesce(t.revoked_at, t.expires_at) < ${cutoff}::timestamptz`,
  },
];
