import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { hashToken, newToken } from "../platform/tokens";
import { recordOwnAct } from "./own-audit";

/**
 * Operators' sessions, apart from users' (their own table and tokens): opened only by a complete
 * two-step sign-in, ended by sign-out, sign-out everywhere, an idle spell, disabling the operator or
 * resetting their authenticator, and at the latest 8 hours after sign-in (a working day).
 */

const OPERATOR_SESSION_MS = 8 * 60 * 60_000;
/**
 * last_seen_at is written at most once a minute per session, so a busy console costs one write a
 * minute, not one per request; a session may therefore end up to a minute before its idle limit.
 */
const SEEN_EVERY_MS = 60_000;

export async function openOperatorSession(
  db: Executor,
  operatorId: bigint,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
  await db
    .insertInto("operator_sessions")
    .values({
      token_hash: hash,
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The operator behind a bearer token: a live session (not revoked, not past its end, used within the
 * last `idleMs`) of an operator who is not disabled. One query; a write only when the session's last
 * use is over a minute old.
 */
export async function authenticateOperator(
  db: Db,
  clock: Clock,
  token: string,
  idleMs: number,
): Promise<{ operator: Operator; tokenHash: string }> {
  const now = clock.now();
  const tokenHash = hashToken(token);
  const found = await db
    .selectFrom("operator_sessions as s")
    .innerJoin("operators as o", "o.id", "s.operator_id")
    .selectAll("o")
    .select("s.last_seen_at as session_last_seen_at")
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("o.disabled_at", "is", null)
    .executeTakeFirst();
  if (!found) throw new AppError("UNAUTHENTICATED");
  const { session_last_seen_at: lastSeenAt, ...operator } = found;
  const idle = now.getTime() - lastSeenAt.getTime();
  if (idle > idleMs) throw new AppError("UNAUTHENTICATED");
  if (idle >= SEEN_EVERY_MS) {
    await db
      .updateTable("operator_sessions")
      .set({ last_seen_at: now })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return { operator, tokenHash };
}

export async function operatorLogout(
  db: Db,
  clock: Clock,
  operator: Operator,
  tokenHash: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("operator_sessions")
      .set({ revoked_at: clock.now() })
      .where("token_hash", "=", tokenHash)
      .execute();
    await recordOwnAct(tx, clock, operator.id, "operator.logout");
  });
}

/**
 * Ends every live session of an operator; answers their token hashes, for the caller to announce once
 * committed (the "sessions.ended" event closes their consoles' sockets).
 */
export async function revokeOperatorSessions(db: Executor, operatorId: bigint, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable("operator_sessions")
    .set({ revoked_at: now })
    .where("operator_id", "=", operatorId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning("token_hash")
    .execute();
  return rows.map((row) => row.token_hash);
}

/** Sign-out everywhere: this session and every other one of the operator's, audited; answers their hashes. */
export async function logoutEverywhere(db: Db, clock: Clock, operator: Operator): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const revoked = await revokeOperatorSessions(tx, operator.id, clock.now());
    await recordOwnAct(tx, clock, operator.id, "operator.logout_everywhere", { sessions: revoked.length });
    return revoked;
  });
}

/** Whether the operator session of `tokenHash` still signs requests: not ended, not idle, its operator enabled. */
export async function isOperatorSessionLive(
  db: Executor,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("operator_sessions as s")
    .innerJoin("operators as o", "o.id", "s.operator_id")
    .select("s.last_seen_at")
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("o.disabled_at", "is", null)
    .executeTakeFirst();
  return row !== undefined && now.getTime() - row.last_seen_at.getTime() <= idleMs;
}
