import {
  type ChangePasswordRequest,
  type ErrorCode,
  type InviteCode,
  isPassword,
  isPayPassword,
  isUserId,
  type LoginRequest,
  type RegisterCheckRequest,
  type RegisterRequest,
  type UserInfo,
} from "@tickfair/contract";
import { normalizePhone } from "@tickfair/contract/phone";
import { sql } from "kysely";
import { openUserAccounts } from "../ledger";
import { Batcher } from "../platform/batcher";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, PG_UNIQUE_VIOLATION, pgErrorCode, prepared, type Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../platform/passwords";
import type { User } from "../platform/schema";
import { clearSignInFailures, recordSignInFailure, signInAllowed } from "../platform/sign-in-throttle";
import { hashToken, newReadableCode, newToken } from "../platform/tokens";
import { checkLoginPassword, checkPayPassword } from "./secrets";

export interface AuthSettings {
  sessionIdleMs: number;
}

type Fields = Record<string, ErrorCode>;

/** Step 1 of registration: every problem with account, phone and code, as field errors. */
export async function checkRegistration(
  db: Executor,
  input: RegisterCheckRequest,
): Promise<{ phone: string }> {
  const fields: Fields = {};
  const phone = input.phone ? normalizePhone(input.phoneCountry, input.phone) : null;

  if (!input.account) fields.account = "REQUIRED";
  else if (!isUserId(input.account)) fields.account = "ACCOUNT_ID_INVALID";
  else if (await accountTaken(db, input.account)) fields.account = "ACCOUNT_TAKEN";

  if (!input.phone) fields.phone = "REQUIRED";
  else if (!phone) fields.phone = "PHONE_INVALID";
  else if (await db.selectFrom("users").select("id").where("phone", "=", phone).executeTakeFirst())
    fields.phone = "PHONE_TAKEN";

  if (!input.inviteCode) fields.inviteCode = "REQUIRED";
  else {
    const code = await findInviteCode(db, input.inviteCode);
    if (!code) fields.inviteCode = "INVITE_CODE_INVALID";
    else if (code.max_uses !== null && code.uses >= code.max_uses) fields.inviteCode = "INVITE_CODE_USED_UP";
  }

  if (Object.keys(fields).length > 0 || !phone) throw fieldErrors(fields);
  return { phone };
}

function passwordProblems(input: RegisterRequest): Fields {
  const fields: Fields = {};
  if (!input.password) fields.password = "REQUIRED";
  else if (!isPassword(input.password)) fields.password = "PASSWORD_INVALID";
  else if (input.password !== input.passwordConfirm) fields.passwordConfirm = "PASSWORDS_DO_NOT_MATCH";
  if (!input.payPassword) fields.payPassword = "REQUIRED";
  else if (!isPayPassword(input.payPassword)) fields.payPassword = "PAY_PASSWORD_INVALID";
  else if (input.payPassword !== input.payPasswordConfirm)
    fields.payPasswordConfirm = "PAY_PASSWORDS_DO_NOT_MATCH";
  return fields;
}

/** Step 2: creates the user, their accounts and their own account-opening code, and uses up the code. */
export async function register(db: Db, clock: Clock, input: RegisterRequest): Promise<User> {
  const problems = passwordProblems(input);
  const { phone } = await checkRegistration(db, input).catch((error: unknown) => {
    if (error instanceof AppError && error.fields) throw fieldErrors({ ...error.fields, ...problems });
    throw error;
  });
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);

  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(input.password),
    hashPassword(input.payPassword),
  ]);
  const now = clock.now();
  try {
    return await db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable("invite_codes")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where((eb) => eb(eb.fn("upper", ["code"]), "=", input.inviteCode.toUpperCase()))
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .returning("code")
        .executeTakeFirst();
      if (!used) throw fieldErrors({ inviteCode: "INVITE_CODE_USED_UP" });

      const user = await tx
        .insertInto("users")
        .values({
          account: input.account,
          phone,
          phone_country: input.phoneCountry,
          nickname: input.account,
          password_hash: passwordHash,
          pay_password_hash: payPasswordHash,
          invite_code: await unusedInviteCode(tx),
          invited_by: used.code,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("invite_codes")
        .values({ code: user.invite_code, owner_user_id: user.id, max_uses: null, created_at: now })
        .execute();
      await openUserAccounts(tx, user.id, now);
      return user;
    });
  } catch (error) {
    // Two registrations racing for one account or phone: the database decides, the loser gets a field error.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const constraint = String((error as { constraint?: string }).constraint ?? "");
      throw fieldErrors(
        constraint.includes("phone") ? { phone: "PHONE_TAKEN" } : { account: "ACCOUNT_TAKEN" },
      );
    }
    throw error;
  }
}

async function accountTaken(db: Executor, account: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["account"]), "=", account.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

function findInviteCode(db: Executor, code: string) {
  return db
    .selectFrom("invite_codes")
    .selectAll()
    .where((eb) => eb(eb.fn("upper", ["code"]), "=", code.toUpperCase()))
    .executeTakeFirst();
}

/**
 * Creates an account-opening code an operator hands out, in the caller's transaction (so the operator's
 * audit record commits with it): `maxUses` registrations at most, unlimited when null.
 */
export async function createOperatorInviteCode(
  tx: Tx,
  input: { operatorId: bigint; maxUses: number | null; note: string; at: Date },
): Promise<InviteCode> {
  const row = await tx
    .insertInto("invite_codes")
    .values({
      code: await unusedInviteCode(tx),
      created_by_operator: input.operatorId,
      max_uses: input.maxUses,
      note: input.note,
      created_at: input.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    code: row.code,
    maxUses: row.max_uses,
    uses: row.uses,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

/** An unlimited account-opening code with a fixed text (the demo's), created once however often asked. */
export async function ensureFixedInviteCode(
  db: Executor,
  input: { code: string; note: string; at: Date },
): Promise<void> {
  await db
    .insertInto("invite_codes")
    .values({ code: input.code, max_uses: null, note: input.note, created_at: input.at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function unusedInviteCode(db: Executor): Promise<string> {
  for (;;) {
    const code = newReadableCode(8);
    const taken = await db
      .selectFrom("invite_codes")
      .select("code")
      .where("code", "=", code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

export interface Session {
  token: string;
  expiresAt: Date;
  user: User;
}

/**
 * Signs a user in. Every failure, whether the account is missing, the password wrong or the account
 * throttled, answers the same INVALID_CREDENTIALS after the same amount of work.
 */
export async function login(
  db: Db,
  clock: Clock,
  settings: AuthSettings,
  input: LoginRequest,
): Promise<Session> {
  const now = clock.now();
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["account"]), "=", input.account.toLowerCase()))
    .executeTakeFirst();
  // Known or not, the name's throttle is read, a hash checked and a failure counted: the same work.
  const allowed = await signInAllowed(db, "user", input.account, now);
  const valid =
    user && allowed && input.password
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    // A refusal while throttled is not a guess at the password: it does not count.
    if (allowed) await recordSignInFailure(db, "user", input.account, now);
    throw new AppError("INVALID_CREDENTIALS");
  }
  await clearSignInFailures(db, "user", user.account);
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + settings.sessionIdleMs);
  await db
    .insertInto("sessions")
    .values({
      token_hash: hash,
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt, user };
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

const lookupsByDb = new WeakMap<object, Batcher<SessionLookup, FoundSession | null>>();

/**
 * Every authenticated request starts by finding its session with its user. Requests that arrive
 * together are looked up together, in one query (Batcher): under load a round trip per request was
 * the largest part of the server's time (each one a system call on both ends).
 */
function sessionLookups(db: Db): Batcher<SessionLookup, FoundSession | null> {
  let lookups = lookupsByDb.get(db);
  if (!lookups) {
    lookups = new Batcher((batch) => findSessions(db, batch), { maxSize: 256, concurrency: 1 });
    lookupsByDb.set(db, lookups);
  }
  return lookups;
}

/** Every column of a user, named: a prepared statement's result must not change when a column is added. */
const USER_COLUMNS = Object.keys({
  id: true,
  account: true,
  phone: true,
  phone_country: true,
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
      and s.revoked_at is null and s.expires_at > ${earliest}`).execute(db);
  const byHash = new Map(rows.map((row) => [row.session_token_hash, row]));
  return lookups.map((lookup) => {
    const row = byHash.get(lookup.tokenHash);
    if (!row || row.session_expires_at <= lookup.now) return null;
    const { session_token_hash: _hash, session_last_seen_at, session_expires_at, ...user } = row;
    return { user, lastSeenAt: session_last_seen_at, expiresAt: session_expires_at };
  });
}

/** The user behind a bearer token; an active session's expiry slides forward as it is used. */
export async function authenticate(
  db: Db,
  clock: Clock,
  settings: AuthSettings,
  token: string,
): Promise<{ user: User; tokenHash: string; expiresAt: Date }> {
  const now = clock.now();
  const tokenHash = hashToken(token);
  const found = await sessionLookups(db).add({ tokenHash, now });
  if (!found) throw new AppError("UNAUTHENTICATED");
  const { lastSeenAt, user } = found;
  let { expiresAt } = found;
  if (now.getTime() - lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    expiresAt = new Date(now.getTime() + settings.sessionIdleMs);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return { user, tokenHash, expiresAt };
}

export async function logout(db: Db, clock: Clock, tokenHash: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: clock.now() })
    .where("token_hash", "=", tokenHash)
    .execute();
}

/**
 * Self-service password change (ARCHITECTURE §1.7): the old password is required; a new login
 * password ends every other session of the user. Returns the ended sessions' token hashes, whose
 * sockets the caller closes (the "sessions.ended" event).
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  user: User,
  currentTokenHash: string,
  input: ChangePasswordRequest,
): Promise<{ endedSessions: string[] }> {
  const login = input.type === "login";
  const fields: Fields = {};
  const valid = login ? isPassword : isPayPassword;
  if (!input.oldPassword) fields.oldPassword = "REQUIRED";
  if (!input.newPassword) fields.newPassword = "REQUIRED";
  else if (!valid(input.newPassword))
    fields.newPassword = login ? "PASSWORD_INVALID" : "PAY_PASSWORD_INVALID";
  else if (input.newPassword === input.oldPassword) fields.newPassword = "NEW_PASSWORD_SAME";
  else if (input.newPassword !== input.confirmPassword) {
    fields.confirmPassword = login ? "PASSWORDS_DO_NOT_MATCH" : "PAY_PASSWORDS_DO_NOT_MATCH";
  }
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);

  if (login) await checkLoginPassword(db, user, input.oldPassword, clock.now(), "oldPassword");
  else await checkPayPassword(db, user, input.oldPassword, clock.now(), "oldPassword", "OLD_PASSWORD_WRONG");

  const newHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set(login ? { password_hash: newHash } : { pay_password_hash: newHash })
      .where("id", "=", user.id)
      .execute();
    if (!login) return { endedSessions: [] };
    const ended = await tx
      .updateTable("sessions")
      .set({ revoked_at: clock.now() })
      .where("user_id", "=", user.id)
      .where("token_hash", "<>", currentTokenHash)
      .where("revoked_at", "is", null)
      .returning("token_hash")
      .execute();
    return { endedSessions: ended.map((row) => row.token_hash) };
  });
}

export function maskPhone(phone: string): string {
  return phone.length <= 7 ? phone : `${phone.slice(0, phone.length - 8)}****${phone.slice(-4)}`;
}

export function toUserInfo(user: User): UserInfo {
  return {
    id: String(user.id),
    account: user.account,
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    inviteCode: user.invite_code,
    creditScore: user.credit_score,
    verified: user.verified,
    createdAt: user.created_at.toISOString(),
  };
}
