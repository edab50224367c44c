import {
  type ChangePasswordRequest,
  type CountryCode,
  type ErrorCode,
  type InviteCode,
  isPassword,
  isPayPassword,
  isUserId,
  type RegisterCheckRequest,
  type RegisterRequest,
  type UserInfo,
} from "@tickfair/contract";
import { normalizePhone } from "@tickfair/contract/phone";
import { openUserAccounts } from "../ledger";
import { recordNotice } from "../messages";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, PG_UNIQUE_VIOLATION, pgErrorCode, type Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { hashPassword } from "../platform/passwords";
import type { User } from "../platform/schema";
import { newReadableCode } from "../platform/tokens";
import { checkLoginPassword, checkPayPassword } from "./secrets";
import { endOtherSessions } from "./sessions";

type Fields = Record<string, ErrorCode>;

/**
 * Refuses a country the deployment may not serve (RESTRICTED_COUNTRIES), each field that names one
 * named in the error: at registration the phone's country and the nationality declared (before any
 * other check, so a refused applicant learns nothing about accounts or codes and nothing is written),
 * at real-name verification the nationality of the document.
 */
export function refuseRestrictedCountries(
  restricted: readonly CountryCode[],
  countries: Partial<Pick<RegisterCheckRequest, "phoneCountry" | "nationality">>,
): void {
  const refused = new Set<string>(restricted);
  const fields: Fields = {};
  for (const [field, country] of Object.entries(countries))
    if (country !== undefined && refused.has(country)) fields[field] = "COUNTRY_RESTRICTED";
  if (Object.keys(fields).length > 0) throw new AppError("COUNTRY_RESTRICTED", fields);
}

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
/**
 * Opens an account. `accepted`: the versions of the service agreement and privacy policy the
 * registration page linked to (those in force now), recorded with the user.
 */
export async function register(
  db: Db,
  clock: Clock,
  input: RegisterRequest,
  accepted: { agreement: number | null; privacy: number | null } = { agreement: null, privacy: null },
): Promise<User> {
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
          nationality: input.nationality,
          nickname: input.account,
          password_hash: passwordHash,
          pay_password_hash: payPasswordHash,
          invite_code: await unusedInviteCode(tx),
          invited_by: used.code,
          // Named only when there is something to record: nothing accepted is the columns' default.
          ...(accepted.agreement === null ? {} : { accepted_agreement_version: accepted.agreement }),
          ...(accepted.privacy === null ? {} : { accepted_privacy_version: accepted.privacy }),
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

/** The user whose account id is `account` (case aside, as accounts are unique), or null. */
export async function userIdByAccount(db: Executor, account: string): Promise<bigint | null> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["account"]), "=", account.toLowerCase()))
    .executeTakeFirst();
  return row?.id ?? null;
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
  confirm: (tx: Tx) => Promise<void>,
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
    await confirm(tx);
    await tx
      .updateTable("users")
      .set(login ? { password_hash: newHash } : { pay_password_hash: newHash })
      .where("id", "=", user.id)
      .execute();
    // Told in the inbox, so a change the user did not make is noticed on their other devices.
    await recordNotice(
      tx,
      user.id,
      { kind: login ? "password_changed" : "pay_password_changed" },
      clock.now(),
    );
    if (!login) return { endedSessions: [] };
    return { endedSessions: await endOtherSessions(tx, user.id, currentTokenHash, clock.now()) };
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
