import { MY_SESSIONS_SHOWN, type MySession, type SessionSummary } from "@tickfair/contract";
import type { Executor } from "../platform/db";

/**
 * A user's sessions as the user's own list and the console's list of a user's sessions both show
 * them: one query's columns and one mapping, so the two cannot disagree on what a session says.
 */

/** The columns of `sessions as s` a SessionSummary is made of. */
export const SESSION_SUMMARY_COLUMNS = [
  "s.id",
  "s.device",
  "s.first_address",
  "s.last_address",
  "s.created_at",
  "s.last_seen_at",
] as const;

interface SummaryRow {
  id: bigint;
  device: string | null;
  first_address: string | null;
  last_address: string | null;
  created_at: Date;
  last_seen_at: Date;
}

export function toSessionSummary(row: SummaryRow): SessionSummary {
  return {
    id: String(row.id),
    device: row.device,
    firstAddress: row.first_address,
    lastAddress: row.last_address,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

/** The user's live sessions, the most recently active first; `currentTokenHash`'s is marked current. */
export async function listMySessions(
  db: Executor,
  userId: bigint,
  currentTokenHash: string,
  now: Date,
): Promise<MySession[]> {
  const rows = await db
    .selectFrom("sessions as s")
    .select([...SESSION_SUMMARY_COLUMNS, "s.token_hash"])
    .where("s.user_id", "=", userId)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .orderBy("s.last_seen_at", "desc")
    .orderBy("s.id", "desc")
    .limit(MY_SESSIONS_SHOWN)
    .execute();
  return rows.map((row) => ({ ...toSessionSummary(row), current: row.token_hash === currentTokenHash }));
}
