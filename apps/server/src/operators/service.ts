import type {
  CreateInviteCodeRequest,
  InviteCode,
  OperatorInfo,
  OperatorLoginRequest,
  OperatorRole,
} from "@tickfair/contract";
import { createOperatorInviteCode } from "../auth";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import { hashPassword } from "../platform/passwords";
import type { Operator } from "../platform/schema";
import { checkSignInPassword } from "../platform/sign-in";
import { hashToken, newToken } from "../platform/tokens";

const OPERATOR_SESSION_MS = 8 * 60 * 60_000;

export async function createOperator(
  db: Db,
  clock: Clock,
  input: { username: string; password: string; role: OperatorRole },
): Promise<Operator> {
  if (!/^\w{3,32}$/.test(input.username)) throw new Error("username: 3–32 letters, digits or underscores");
  if (input.password.length < 10) throw new Error("password: at least 10 characters");
  return db
    .insertInto("operators")
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password),
      role: input.role,
      created_at: clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function operatorLogin(
  db: Db,
  clock: Clock,
  input: OperatorLoginRequest,
): Promise<{ token: string; expiresAt: Date; operator: Operator }> {
  const now = clock.now();
  const found = await db
    .selectFrom("operators")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", input.username.toLowerCase()))
    .executeTakeFirst();
  const { operator } = await checkSignInPassword(
    db,
    "operator",
    { name: input.username, password: input.password },
    found && { name: found.username, passwordHash: found.password_hash, operator: found },
    now,
  );
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
  await db
    .insertInto("operator_sessions")
    .values({
      token_hash: hash,
      operator_id: operator.id,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  await recordAudit(db, clock, {
    operatorId: operator.id,
    action: "operator.login",
    targetType: "operator",
    targetId: String(operator.id),
  });
  return { token, expiresAt, operator };
}

export async function authenticateOperator(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ operator: Operator; tokenHash: string }> {
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom("operator_sessions")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", clock.now())
    .executeTakeFirst();
  if (!session) throw new AppError("UNAUTHENTICATED");
  const operator = await db
    .selectFrom("operators")
    .selectAll()
    .where("id", "=", session.operator_id)
    .executeTakeFirstOrThrow();
  return { operator, tokenHash };
}

export async function operatorLogout(
  db: Db,
  clock: Clock,
  operator: Operator,
  tokenHash: string,
): Promise<void> {
  await db
    .updateTable("operator_sessions")
    .set({ revoked_at: clock.now() })
    .where("token_hash", "=", tokenHash)
    .execute();
  await recordAudit(db, clock, {
    operatorId: operator.id,
    action: "operator.logout",
    targetType: "operator",
    targetId: String(operator.id),
  });
}

export function requireRole(operator: Operator, roles: readonly OperatorRole[]): void {
  if (!roles.includes(operator.role)) throw new AppError("OPERATOR_ROLE_FORBIDDEN");
}

export interface AuditInput {
  operatorId: bigint | null;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log in the caller's transaction, so an action and its record land together. */
export async function recordAudit(db: Executor | Tx, clock: Clock, input: AuditInput): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      operator_id: input.operatorId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      reason: input.reason ?? null,
      detail: JSON.stringify(input.detail ?? {}),
      created_at: clock.now(),
    })
    .execute();
}

export async function createInviteCode(
  db: Db,
  clock: Clock,
  operator: Operator,
  input: CreateInviteCodeRequest,
): Promise<InviteCode> {
  return db.transaction().execute(async (tx) => {
    const created = await createOperatorInviteCode(tx, {
      operatorId: operator.id,
      maxUses: input.maxUses,
      note: input.note,
      at: clock.now(),
    });
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "invite_code.create",
      targetType: "invite_code",
      targetId: created.code,
      detail: { maxUses: input.maxUses, note: input.note },
    });
    return created;
  });
}

export async function listAudit(db: Db, page: PageRequest) {
  return newestFirstPage(
    db
      .selectFrom("audit_log as a")
      .leftJoin("operators as o", "o.id", "a.operator_id")
      .select([
        "a.id",
        "o.username",
        "a.action",
        "a.target_type",
        "a.target_id",
        "a.reason",
        "a.detail",
        "a.created_at",
      ]),
    "a.id",
    page,
    (row) => ({
      id: String(row.id),
      operator: row.username ?? "system",
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
      detail: row.detail,
      createdAt: row.created_at.toISOString(),
    }),
  );
}

export function toOperatorInfo(operator: Operator): OperatorInfo {
  return { id: String(operator.id), username: operator.username, role: operator.role };
}
