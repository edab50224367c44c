import type { ControlChange, ControlSubjectName, OperatorRole } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import type { Operator } from "../platform/schema";
import { recordAudit } from "./record";

/**
 * Maker-checker for the operators' own controls (ARCHITECTURE §5, operator console): a change that
 * weakens a control is only proposed by the operator who makes it, and takes effect when a different
 * admin approves it. Both steps are in the audit log.
 */

/** How a capability reads and writes the control a change is about. */
export interface ControlSubject<T> {
  subject: ControlSubjectName;
  read(db: Executor): Promise<T>;
  write(tx: Tx, value: T, at: Date): Promise<void>;
}

function requireRole(operator: Operator, roles: readonly OperatorRole[]): void {
  if (!roles.includes(operator.role)) throw new AppError("OPERATOR_ROLE_FORBIDDEN");
}

/** JSON with every object's keys sorted: jsonb does not keep the order the keys were written in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function changeQuery(db: Executor) {
  return db
    .selectFrom("control_changes as c")
    .innerJoin("operators as p", "p.id", "c.proposed_by")
    .leftJoin("operators as d", "d.id", "c.decided_by")
    .select([
      "c.id",
      "c.subject",
      "c.base",
      "c.proposed",
      "c.weakens",
      "c.proposed_at",
      "c.status",
      "c.decided_at",
      "c.reason",
      "p.username as proposed_by_name",
      "d.username as decided_by_name",
    ]);
}

type ChangeRow = Awaited<ReturnType<ReturnType<typeof changeQuery>["executeTakeFirstOrThrow"]>>;

function toControlChange(row: ChangeRow): ControlChange {
  return {
    id: String(row.id),
    subject: row.subject,
    base: row.base as Record<string, unknown>,
    proposed: row.proposed as Record<string, unknown>,
    weakens: row.weakens,
    proposedBy: row.proposed_by_name,
    proposedAt: row.proposed_at.toISOString(),
    status: row.status,
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

async function controlChangeById(db: Executor, id: bigint): Promise<ControlChange> {
  const row = await changeQuery(db).where("c.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return toControlChange(row);
}

/** Records a proposal against the control as it stands now. */
export async function proposeControlChange<T>(
  db: Db,
  clock: Clock,
  operator: Operator,
  subject: ControlSubject<T>,
  proposed: T,
  weakens: readonly string[],
): Promise<ControlChange> {
  return db.transaction().execute(async (tx) => {
    const base = await subject.read(tx);
    const { id } = await tx
      .insertInto("control_changes")
      .values({
        subject: subject.subject,
        base: JSON.stringify(base),
        proposed: JSON.stringify(proposed),
        weakens: [...weakens],
        proposed_by: operator.id,
        proposed_at: clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: `${subject.subject}.propose`,
      targetType: "control_change",
      targetId: String(id),
      detail: { base, proposed, weakens },
    });
    return controlChangeById(tx, id);
  });
}

/** Applies a change that weakens nothing at once, audited with what it replaced. */
export async function applyControlChange<T>(
  db: Db,
  clock: Clock,
  operator: Operator,
  subject: ControlSubject<T>,
  value: T,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await subject.read(tx);
    await subject.write(tx, value, clock.now());
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: `${subject.subject}.update`,
      targetType: "settings",
      targetId: subject.subject,
      detail: { before, after: value },
    });
  });
}

/**
 * A second admin's decision. Approval applies the proposal only if the control is still what it was
 * proposed against, so approving an old proposal cannot undo a tightening made since.
 */
export async function decideControlChange<T>(
  db: Db,
  clock: Clock,
  operator: Operator,
  subject: ControlSubject<T>,
  id: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<ControlChange> {
  requireRole(operator, ["admin"]);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("control_changes")
      .selectAll()
      .where("id", "=", id)
      .where("subject", "=", subject.subject)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND");
    if (row.status !== "pending") throw new AppError("ALREADY_REVIEWED");
    if (row.proposed_by === operator.id) throw new AppError("CHANGE_NEEDS_ANOTHER_ADMIN");
    const now = clock.now();
    if (decision.approve) {
      const current = await subject.read(tx);
      if (canonicalJson(current) !== canonicalJson(row.base)) throw new AppError("CHANGE_STALE");
      await subject.write(tx, row.proposed as T, now);
    }
    await tx
      .updateTable("control_changes")
      .set({
        status: decision.approve ? "approved" : "rejected",
        decided_by: operator.id,
        decided_at: now,
        reason: decision.approve ? null : decision.reason,
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: `${subject.subject}.${decision.approve ? "approve" : "reject"}`,
      targetType: "control_change",
      targetId: String(id),
      reason: decision.approve ? null : decision.reason,
      detail: { proposedBy: String(row.proposed_by), proposed: row.proposed, weakens: row.weakens },
    });
    return controlChangeById(tx, id);
  });
}

export async function listControlChanges(
  db: Executor,
  query: PageRequest & { status?: ControlChange["status"] | undefined; subject?: string | undefined },
) {
  return newestFirstPage(
    changeQuery(db)
      .$if(query.status !== undefined, (q) => q.where("c.status", "=", query.status ?? "pending"))
      .$if(query.subject !== undefined, (q) => q.where("c.subject", "=", query.subject ?? "")),
    "c.id",
    query,
    toControlChange,
  );
}
