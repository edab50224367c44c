import type { CreateInviteCodeRequest, InviteCode, OperatorInfo, OperatorRole } from "@tickfair/contract";
import { recordAudit } from "../audit";
import { createOperatorInviteCode } from "../auth";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, PG_UNIQUE_VIOLATION, pgErrorCode } from "../platform/db";
import { AppError } from "../platform/errors";
import { hashPassword } from "../platform/passwords";
import type { Operator } from "../platform/schema";
import { assertTotpSecret } from "../platform/totp";
import { permissionsOf } from "./permissions";

/**
 * Creates an operator. With `totpSecret` the operator is enrolled already (the demo's operators, tests);
 * without, they enrol their authenticator at their first sign-in.
 */
export async function createOperator(
  db: Executor,
  clock: Clock,
  input: { username: string; password: string; role: OperatorRole; totpSecret?: string },
): Promise<Operator> {
  if (!/^\w{3,32}$/.test(input.username)) throw new AppError("OPERATOR_USERNAME_INVALID");
  if (input.password.length < 10) throw new Error("password: at least 10 characters");
  if (input.totpSecret !== undefined) assertTotpSecret(input.totpSecret);
  const now = clock.now();
  try {
    return await db
      .insertInto("operators")
      .values({
        username: input.username,
        password_hash: await hashPassword(input.password),
        role: input.role,
        created_at: now,
        totp_secret: input.totpSecret ?? null,
        totp_enrolled_at: input.totpSecret === undefined ? null : now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError("OPERATOR_USERNAME_TAKEN");
    throw error;
  }
}

/**
 * Gives an operator who has no authenticator yet the secret `totpSecret` (the demo's operators, whose
 * secrets are printed): answers whether it did. An enrolled operator keeps theirs.
 */
export async function enrolWithKnownSecret(
  db: Executor,
  clock: Clock,
  username: string,
  totpSecret: string,
): Promise<boolean> {
  assertTotpSecret(totpSecret);
  const result = await db
    .updateTable("operators")
    .set({ totp_secret: totpSecret, totp_enrolled_at: clock.now(), totp_last_step: null })
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()))
    .where("totp_secret", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

export function toOperatorInfo(operator: Operator): OperatorInfo {
  return {
    id: String(operator.id),
    username: operator.username,
    role: operator.role,
    permissions: permissionsOf(operator.role),
  };
}
