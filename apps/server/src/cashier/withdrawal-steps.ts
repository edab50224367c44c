import type { OperatorWithdrawalStep, WithdrawalStepKind } from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../platform/db";

/** A step about to be recorded, in the transaction of the change it records. */
export interface NewWithdrawalStep {
  withdrawalId: bigint;
  kind: WithdrawalStepKind;
  at: Date;
  operatorId?: bigint;
  reason?: string;
  reference?: string;
}

/**
 * Records a step. A kind happens once per withdrawal (a unique index): answers false, recording
 * nothing, when it was already there, so two operators racing leave one step.
 */
export async function recordStep(tx: Tx, step: NewWithdrawalStep): Promise<boolean> {
  const inserted = await tx
    .insertInto("withdrawal_steps")
    .values({
      withdrawal_id: step.withdrawalId,
      kind: step.kind,
      at: step.at,
      operator_id: step.operatorId ?? null,
      reason: step.reason ?? null,
      reference: step.reference ?? null,
    })
    .onConflict((conflict) => conflict.columns(["withdrawal_id", "kind"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function stepAt(tx: Tx, withdrawalId: bigint, kind: WithdrawalStepKind) {
  return tx
    .selectFrom("withdrawal_steps")
    .select(["at", "reference"])
    .where("withdrawal_id", "=", withdrawalId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

interface StepJson {
  kind: WithdrawalStepKind;
  at: string;
  reason: string | null;
  reference: string | null;
  operator: string | null;
}

/**
 * The steps of the withdrawal `w` of the enclosing query, oldest first, as one JSON column: a list
 * page or an export reads its timelines in the same statement as its rows.
 */
export function stepsColumn(): RawBuilder<unknown> {
  return sql`(
    select coalesce(json_agg(json_build_object(
      'kind', s.kind, 'at', s.at, 'reason', s.reason, 'reference', s.reference, 'operator', o.username
    ) order by s.at, s.id), '[]'::json)
    from withdrawal_steps s left join operators o on o.id = s.operator_id
    where s.withdrawal_id = w.id
  )`;
}

/** The steps column as operators see it (drivers hand JSON over parsed or as text). */
export function toOperatorSteps(column: unknown): OperatorWithdrawalStep[] {
  const steps = (typeof column === "string" ? JSON.parse(column) : column) as StepJson[];
  return steps.map((step) => ({
    kind: step.kind,
    at: new Date(step.at).toISOString(),
    reason: step.reason,
    reference: step.reference,
    operator: step.operator,
  }));
}
