import type { OperatorUserDetail, UserSession } from "@tickfair/contract";
import type { Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import { signInThrottledUntil } from "../platform/sign-in-throttle";
import { SESSION_SUMMARY_COLUMNS, toSessionSummary } from "./session-summary";
import { endUserSessions } from "./sessions";
import { operatorUserQuery, toOperatorUser } from "./user-search";

/**
 * What the console reads and changes of a user's sign-in: who they are, their sessions, and an
 * operator's lock. The writes take the caller's transaction, so the caller's audit record commits with
 * them; each answers the token hashes of the sessions it ended, whose sockets the caller closes (the
 * "sessions.ended" event).
 */

/** The user, or NOT_FOUND: every operator route naming a user starts here. */
export async function requireUser(db: Executor, userId: bigint): Promise<void> {
  const row = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
}

/** The user's identity and sign-in state, for the console's user page. */
export async function userSignInView(
  db: Executor,
  userId: bigint,
  now: Date,
): Promise<Pick<OperatorUserDetail, "user" | "signIn" | "payPasswordLockedUntil">> {
  const row = await operatorUserQuery(db)
    .leftJoin("operators as o", "o.id", "u.sign_in_locked_by")
    .select(["o.username as locked_by", "u.sign_in_lock_reason", "u.pay_locked_until"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const [throttledUntil, live, totp, passkeys] = await Promise.all([
    signInThrottledUntil(db, "user", row.account, now),
    db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user_totp")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst(),
    db
      .selectFrom("user_passkeys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    user: toOperatorUser(row),
    signIn: {
      lock: row.sign_in_locked_at
        ? {
            at: row.sign_in_locked_at.toISOString(),
            by: row.locked_by,
            reason: row.sign_in_lock_reason ?? "",
          }
        : null,
      throttledUntil: throttledUntil?.toISOString() ?? null,
      liveSessions: Number(live.n),
      totp: totp !== undefined,
      passkeys: Number(passkeys.n),
    },
    payPasswordLockedUntil:
      row.pay_locked_until && row.pay_locked_until > now ? row.pay_locked_until.toISOString() : null,
  };
}

/** The user's sessions, newest first, live or ended. */
export function listUserSessions(db: Executor, userId: bigint, page: PageRequest, now: Date) {
  return newestFirstPage(
    db
      .selectFrom("sessions as s")
      .select([...SESSION_SUMMARY_COLUMNS, "s.expires_at", "s.revoked_at"])
      .where("s.user_id", "=", userId),
    "s.id",
    page,
    (row): UserSession => ({
      ...toSessionSummary(row),
      expiresAt: row.expires_at.toISOString(),
      endedAt: row.revoked_at?.toISOString() ?? null,
      live: row.revoked_at === null && row.expires_at > now,
    }),
  );
}

/** Ends one live session of the user: NOT_FOUND if it is not theirs, SESSION_ALREADY_ENDED if it ended. */
export async function revokeUserSession(
  tx: Tx,
  userId: bigint,
  sessionId: bigint,
  at: Date,
): Promise<{ tokenHash: string; session: UserSession }> {
  const row = await tx
    .selectFrom("sessions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", sessionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  if (row.revoked_at !== null || row.expires_at <= at) throw new AppError("SESSION_ALREADY_ENDED");
  await tx.updateTable("sessions").set({ revoked_at: at }).where("token_hash", "=", row.token_hash).execute();
  return {
    tokenHash: row.token_hash,
    session: {
      ...toSessionSummary(row),
      expiresAt: row.expires_at.toISOString(),
      endedAt: at.toISOString(),
      live: false,
    },
  };
}

async function lockedState(tx: Tx, userId: bigint): Promise<Date | null> {
  const row = await tx
    .selectFrom("users")
    .select("sign_in_locked_at")
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row.sign_in_locked_at;
}

/**
 * Locks the user's sign-in (an operator's decision, with its reason) and ends their live sessions; a
 * sign-in racing it either sees the lock or has its session ended here (login shares the user's row).
 */
export async function lockSignIn(
  tx: Tx,
  userId: bigint,
  input: { operatorId: bigint; reason: string; at: Date },
): Promise<{ endedSessions: string[] }> {
  if ((await lockedState(tx, userId)) !== null) throw new AppError("USER_ALREADY_LOCKED");
  await tx
    .updateTable("users")
    .set({
      sign_in_locked_at: input.at,
      sign_in_locked_by: input.operatorId,
      sign_in_lock_reason: input.reason,
    })
    .where("id", "=", userId)
    .execute();
  return { endedSessions: await endUserSessions(tx, userId, input.at) };
}

/** Lifts an operator's lock: the user may sign in again (their ended sessions stay ended). */
export async function unlockSignIn(tx: Tx, userId: bigint): Promise<{ lockedAt: Date }> {
  const lockedAt = await lockedState(tx, userId);
  if (lockedAt === null) throw new AppError("USER_NOT_LOCKED");
  await tx
    .updateTable("users")
    .set({ sign_in_locked_at: null, sign_in_locked_by: null, sign_in_lock_reason: null })
    .where("id", "=", userId)
    .execute();
  return { lockedAt };
}
