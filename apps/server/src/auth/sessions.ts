import type { LoginRequest } from "@tickfair/contract";
import { sql } from "kysely";
import { recordNotice } from "../messages";
import { batcherPerKey } from "../platform/batcher";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, prepared, type Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { User } from "../platform/schema";
import { checkSignInPassword } from "../platform/sign-in";
import { hashToken, newToken } from "../platform/tokens";
import { forgetSessionSubscriptions } from "../push";
import { openSignInChallenge } from "./second-factor-challenge";

/** A user's sessions: signing in with a password, finding the session behind a bearer token, signing out. */

export interface AuthSettings {
  sessionIdleMs: number;
}

/** Where a request came from, as a session records it. */
export interface SessionClient {
  /** deviceOf the request's User-Agent. */
  device: string | null;
  /** The request's address (request.ip: the proxy's X-Forwarded-For only when TRUST_PROXY trusts it). */
  address: string | null;
}

export interface Session {
  token: string;
  expiresAt: Date;
  user: User;
  /** Opened from a device the user never signed in from before: a notice is in their inbox. */
  newDevice: boolean;
}

/**
 * Signs a user in. Every failure, whether the account is missing, the password wrong or the account
 * throttled, answers the same INVALID_CREDENTIALS after the same amount of work. A right password on
 * an account an operator locked answers SIGN_IN_LOCKED: its owner learns to ask customer service,
 * anyone else learns nothing. A user with two-step sign-in gets a challenge for the second step
 * (second-factor.ts) instead of a session.
 */
export async function login(
  db: Db,
  clock: Clock,
  settings: AuthSettings,
  input: LoginRequest,
  client: SessionClient,
): Promise<LoginOutcome> {
  const now = clock.now();
  // Whether a confirmed authenticator exists is read with the user, so a known account costs no extra query.
  const found = await db
    .selectFrom("users")
    .leftJoin("user_totp as t", (join) =>
      join.onRef("t.user_id", "=", "users.id").on("t.confirmed_at", "is not", null),
    )
    .selectAll("users")
    .select("t.user_id as totp_user_id")
    .where((eb) => eb(eb.fn("lower", ["users.account"]), "=", input.account.toLowerCase()))
    .executeTakeFirst();
  const twoStep = found?.totp_user_id != null;
  const { user } = await checkSignInPassword(
    db,
    "user",
    { name: input.account, password: input.password },
    found && { name: found.account, passwordHash: found.password_hash, user: withoutTotp(found) },
    now,
    // The count clears only once the second step is right too, as operators' (platform/sign-in.ts).
    { clearFailures: !twoStep },
  );
  if (twoStep) {
    if (user.sign_in_locked_at) throw new AppError("SIGN_IN_LOCKED");
    return { step: "totp", ...(await openSignInChallenge(db, user.id, client, now)) };
  }
  const session = await db.transaction().execute((tx) => openUserSession(tx, settings, user, client, now));
  return { step: "session", session };
}

export type LoginOutcome =
  | { step: "session"; session: Session }
  | { step: "totp"; challenge: string; expiresAt: Date };

function withoutTotp({ totp_user_id: _totp, ...user }: User & { totp_user_id: bigint | null }): User {
  return user;
}

/**
 * Opens a session for a user whose sign-in is complete, in the caller's transaction, with the
 * new-device notice when the device is new to them.
 */
export async function openUserSession(
  tx: Tx,
  settings: AuthSettings,
  user: User,
  client: SessionClient,
  now: Date,
): Promise<Session> {
  const { device } = client;
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + settings.sessionIdleMs);
  // Told only to whoever typed the right password. The row stays shared until the session is written,
  // so an operator's lock either comes first (and is seen here) or ends this session with the others.
  const lock = await tx
    .selectFrom("users")
    .select("sign_in_locked_at")
    .where("id", "=", user.id)
    .forShare()
    .executeTakeFirst();
  if (lock?.sign_in_locked_at) throw new AppError("SIGN_IN_LOCKED");
  const { rows } = await sql<{ before: boolean; here: boolean }>`
    select exists (select 1 from sessions where user_id = ${user.id}) as before,
      exists (select 1 from sessions where user_id = ${user.id} and device is not distinct from ${device}) as here`.execute(
    tx,
  );
  await tx
    .insertInto("sessions")
    .values({
      token_hash: hash,
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      device,
      first_address: client.address,
      last_address: client.address,
    })
    .execute();
  // The first sign-in (right after registering) is no news; one from a device never used before is.
  const newDevice = rows[0]?.before === true && rows[0].here === false;
  if (newDevice) await recordNotice(tx, user.id, { kind: "new_sign_in", device }, now);
  return { token, expiresAt, user, newDevice };
}

const SLIDE_EVERY_MS = 60_000;

interface SessionLookup {
  tokenHash: string;
  now: Date;
}

interface FoundSession {
  user: User;
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * Every authenticated request starts by finding its session with its user. Requests that arrive
 * together are looked up together, in one query (Batcher): under load a round trip per request was
 * the largest part of the server's time (each one a system call on both ends).
 */
const sessionLookups = batcherPerKey<Db, SessionLookup, FoundSession | null>(findSessions, {
  maxSize: 256,
  concurrency: 1,
});

/** Every column of a user, named: a prepared statement's result must not change when a column is added. */
const USER_COLUMNS = Object.keys({
  id: true,
  account: true,
  phone: true,
  phone_country: true,
  nationality: true,
  nickname: true,
  password_hash: true,
  pay_password_hash: true,
  invite_code: true,
  invited_by: true,
  credit_score: true,
  verified: true,
  pay_failures: true,
  pay_locked_until: true,
  created_at: true,
  sign_in_locked_at: true,
  sign_in_locked_by: true,
  sign_in_lock_reason: true,
  accepted_agreement_version: true,
  accepted_privacy_version: true,
} satisfies Record<keyof User, true>);

async function findSessions(db: Db, lookups: SessionLookup[]): Promise<(FoundSession | null)[]> {
  const earliest = new Date(Math.min(...lookups.map((lookup) => lookup.now.getTime())));
  // One text whatever the batch's size (an array, not a list of parameters), so it is prepared once.
  const { rows } = await prepared(sql<
    User & { session_token_hash: string; session_last_seen_at: Date; session_expires_at: Date }
  >`
    select ${sql.join(USER_COLUMNS.map((column) => sql.ref(`u.${column}`)))}, s.token_hash as session_token_hash, s.last_seen_at as session_last_seen_at,
      s.expires_at as session_expires_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = any(${[...new Set(lookups.map((lookup) => lookup.tokenHash))]}::text[])
      and s.revoked_at is null and s.expires_at > ${earliest} and u.sign_in_locked_at is null`).execute(db);
  const byHash = new Map(rows.map((row) => [row.session_token_hash, row]));
  return lookups.map((lookup) => {
    const row = byHash.get(lookup.tokenHash);
    if (!row || row.session_expires_at <= lookup.now) return null;
    const { session_token_hash: _hash, session_last_seen_at, session_expires_at, ...user } = row;
    return { user, lastSeenAt: session_last_seen_at, expiresAt: session_expires_at };
  });
}

/**
 * The user behind a bearer token; an active session's expiry slides forward as it is used, and its
 * last address with it (at most once a minute, so the hot path stays one read). A socket, whose
 * handshake does not pass its address here, leaves the last address as it was (null).
 */
export async function authenticate(
  db: Db,
  clock: Clock,
  settings: AuthSettings,
  token: string,
  address: string | null,
): Promise<{ user: User; tokenHash: string; expiresAt: Date }> {
  const now = clock.now();
  const tokenHash = hashToken(token);
  const found = await sessionLookups(db).add({ tokenHash, now });
  if (!found) throw new AppError("UNAUTHENTICATED");
  const { lastSeenAt, user } = found;
  let { expiresAt } = found;
  if (now.getTime() - lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    expiresAt = new Date(now.getTime() + settings.sessionIdleMs);
    await sessionSlides(db).add({ tokenHash, now, expiresAt, address });
  }
  return { user, tokenHash, expiresAt };
}

interface SessionSlide {
  tokenHash: string;
  now: Date;
  expiresAt: Date;
  /** null (a socket's handshake) leaves the last address as it was. */
  address: string | null;
}

/**
 * Sessions whose expiry slides together are written together, in one statement: everyone who comes
 * back at once (a broadcast opened, a network back) would otherwise queue a write each behind the
 * requests of everyone else.
 */
const sessionSlides = batcherPerKey<Db, SessionSlide, undefined>(slideSessions, {
  maxSize: 256,
  concurrency: 1,
});

async function slideSessions(db: Db, slides: SessionSlide[]): Promise<undefined[]> {
  // One row per session, its latest slide: an UPDATE … FROM would apply one of a session's rows at random.
  const latest = new Map<string, SessionSlide>();
  for (const slide of slides) {
    const before = latest.get(slide.tokenHash);
    if (!before || before.now <= slide.now) latest.set(slide.tokenHash, slide);
  }
  const rows = [...latest.values()];
  // One text whatever the batch's size (arrays, not a list of parameters), so it is prepared once.
  await prepared(sql`
    update sessions s set last_seen_at = v.seen, expires_at = v.expires,
      last_address = coalesce(v.address, s.last_address)
    from unnest(${rows.map((row) => row.tokenHash)}::text[], ${rows.map((row) => row.now)}::timestamptz[],
      ${rows.map((row) => row.expiresAt)}::timestamptz[], ${rows.map((row) => row.address)}::text[])
      as v(token_hash, seen, expires, address)
    where s.token_hash = v.token_hash`).execute(db);
  return slides.map(() => undefined);
}

/** Ends the session, and the push subscription its browser made: a signed-out phone is told nothing. */
export async function logout(db: Db, clock: Clock, tokenHash: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("sessions")
      .set({ revoked_at: clock.now() })
      .where("token_hash", "=", tokenHash)
      .execute();
    await forgetSessionSubscriptions(tx, [tokenHash]);
  });
}

/** Whether the session of `tokenHash` is still one its user could sign a request with (no sliding). */
export async function isSessionLive(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every live session of the user (a break ends them all); answers their token hashes. */
export async function endUserSessions(tx: Executor, userId: bigint, at: Date): Promise<string[]> {
  const ended = await tx
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .returning("token_hash")
    .execute();
  return ended.map((row) => row.token_hash);
}

/** Ends every live session of the user but `keptTokenHash`'s; answers their token hashes. */
export async function endOtherSessions(
  tx: Executor,
  userId: bigint,
  keptTokenHash: string,
  at: Date,
): Promise<string[]> {
  const ended = await tx
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("token_hash", "<>", keptTokenHash)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .returning("token_hash")
    .execute();
  return ended.map((row) => row.token_hash);
}

/** When the session of `tokenHash` began (the reality check counts from then). */
export async function sessionStartedAt(db: Executor, tokenHash: string): Promise<Date> {
  const row = await db
    .selectFrom("sessions")
    .select("created_at")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirstOrThrow();
  return row.created_at;
}
