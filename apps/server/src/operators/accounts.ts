import { randomBytes } from "node:crypto";
import type {
  ControlChange,
  CreateOperatorRequest,
  CreateOperatorResponse,
  OperatorAccount,
  OperatorRole,
} from "@tickfair/contract";
import { type ControlSubject, decideControlChange, proposeControlChange, recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import type { Operator } from "../platform/schema";
import { roleChangeGrants } from "./permissions";
import { createOperator } from "./service";
import { revokeOperatorSessions } from "./sessions";

/**
 * Admins manage operators: create (the authenticator is enrolled at the first sign-in), change a
 * role, disable and enable, reset the authenticator. A role change that grants a permission the
 * operator lacked weakens a control, so it is only proposed and a second admin approves it (an admin
 * account is never made by one admin alone); one that only takes permissions away applies at once.
 * Nobody does any of this to themselves.
 */

export function toOperatorAccount(row: Operator): OperatorAccount {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role,
    totpEnrolledAt: row.totp_enrolled_at?.toISOString() ?? null,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listOperators(db: Executor, page: PageRequest) {
  return newestFirstPage(db.selectFrom("operators as o").selectAll("o"), "o.id", page, toOperatorAccount);
}

/** The role control of one operator, as control-changes.ts proposes and applies it. */
export interface RoleControl {
  operatorId: string;
  role: OperatorRole;
}

export const ROLE_SUBJECT = "operator_role";

function roleControl(operatorId: bigint): ControlSubject<RoleControl> {
  return {
    subject: ROLE_SUBJECT,
    async read(db) {
      const row = await db
        .selectFrom("operators")
        .select("role")
        .where("id", "=", operatorId)
        .executeTakeFirst();
      if (!row) throw new AppError("NOT_FOUND");
      return { operatorId: String(operatorId), role: row.role };
    },
    async write(tx, value) {
      await tx.updateTable("operators").set({ role: value.role }).where("id", "=", operatorId).execute();
    },
  };
}

async function operatorById(db: Executor, id: bigint): Promise<Operator> {
  const row = await db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

function notSelf(actor: Operator, targetId: bigint): void {
  if (actor.id === targetId) throw new AppError("OPERATOR_SELF_CHANGE");
}

export async function createOperatorAccount(
  db: Db,
  clock: Clock,
  actor: Operator,
  input: CreateOperatorRequest,
): Promise<CreateOperatorResponse> {
  // Shown once; the operator signs in with it and enrols their authenticator.
  const password = randomBytes(12).toString("base64url");
  const startRole = input.role === "admin" ? "support" : input.role;
  const created = await createOperator(db, clock, { username: input.username, password, role: startRole });
  await recordAudit(db, clock, {
    operatorId: actor.id,
    action: "operator.create",
    targetType: "operator",
    targetId: String(created.id),
    detail: { username: created.username, role: startRole, requestedRole: input.role },
  });
  const roleChange =
    input.role === startRole
      ? null
      : await proposeControlChange(
          db,
          clock,
          actor,
          roleControl(created.id),
          {
            operatorId: String(created.id),
            role: input.role,
          },
          ["role"],
        );
  return { operator: toOperatorAccount(created), password, roleChange };
}

export async function changeOperatorRole(
  db: Db,
  clock: Clock,
  actor: Operator,
  id: bigint,
  role: OperatorRole,
): Promise<{ applied: OperatorAccount } | { proposed: ControlChange }> {
  notSelf(actor, id);
  const target = await operatorById(db, id);
  const control = roleControl(id);
  const value = { operatorId: String(id), role };
  if (roleChangeGrants(target.role, role)) {
    return { proposed: await proposeControlChange(db, clock, actor, control, value, ["role"]) };
  }
  await db.transaction().execute(async (tx) => {
    await control.write(tx, value, clock.now());
    await recordAudit(tx, clock, {
      operatorId: actor.id,
      action: `${ROLE_SUBJECT}.update`,
      targetType: "operator",
      targetId: String(id),
      detail: { before: target.role, after: role },
    });
  });
  return { applied: toOperatorAccount(await operatorById(db, id)) };
}

/** A second admin's decision on a proposed role change. */
export async function decideRoleChange(
  db: Db,
  clock: Clock,
  actor: Operator,
  changeId: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<ControlChange> {
  const change = await db
    .selectFrom("control_changes")
    .select("proposed")
    .where("id", "=", changeId)
    .where("subject", "=", ROLE_SUBJECT)
    .executeTakeFirst();
  if (!change) throw new AppError("NOT_FOUND");
  const target = BigInt((change.proposed as RoleControl).operatorId);
  notSelf(actor, target);
  return decideControlChange(db, clock, actor, roleControl(target), changeId, decision);
}

type AccountAction = "disable" | "enable" | "reset_totp";

/**
 * Disable (sessions end, sign-in refused), enable, or reset the authenticator (secret, recovery codes
 * and sessions go; the operator enrols again at the next sign-in). Each with a reason, audited.
 * Answers the account and the token hashes of the sessions it ended, for the caller to announce.
 */
export async function operatorAccountAction(
  db: Db,
  clock: Clock,
  actor: Operator,
  id: bigint,
  action: AccountAction,
  reason: string,
): Promise<{ account: OperatorAccount; endedSessions: string[] }> {
  notSelf(actor, id);
  return db.transaction().execute(async (tx) => {
    const now = clock.now();
    const target = await tx
      .selectFrom("operators")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw new AppError("NOT_FOUND");
    let endedSessions: string[] = [];
    if (action === "enable") {
      await tx.updateTable("operators").set({ disabled_at: null }).where("id", "=", id).execute();
    } else {
      if (action === "disable") {
        await tx
          .updateTable("operators")
          .set({ disabled_at: target.disabled_at ?? now })
          .where("id", "=", id)
          .execute();
      } else {
        await resetTotp(tx, id);
      }
      await tx.deleteFrom("operator_sign_in_challenges").where("operator_id", "=", id).execute();
      endedSessions = await revokeOperatorSessions(tx, id, now);
    }
    await recordAudit(tx, clock, {
      operatorId: actor.id,
      action: `operator.${action}`,
      targetType: "operator",
      targetId: String(id),
      reason,
      detail: action === "enable" ? {} : { sessions: endedSessions.length },
    });
    return { account: toOperatorAccount(await operatorById(tx, id)), endedSessions };
  });
}

async function resetTotp(tx: Tx, id: bigint): Promise<void> {
  await tx
    .updateTable("operators")
    .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
    .where("id", "=", id)
    .execute();
  await tx.deleteFrom("operator_recovery_codes").where("operator_id", "=", id).execute();
}
