import { fromMinor, type OperatorWithdrawal } from "@tickfair/contract";
import { recordAudit } from "../audit";
import { recordNotice } from "../messages";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { enqueuePush } from "../push";
import { recordStep, stepAt } from "./withdrawal-steps";
import { lockWithdrawal, operatorWithdrawal } from "./withdrawals";

/** The withdrawal after an operator's step, and whether this call recorded it (false: a retry). */
export interface StepOutcome {
  withdrawal: OperatorWithdrawal;
  recorded: boolean;
}

/**
 * A reviewer takes a withdrawal still under review: from then on the user sees that someone is on it.
 * Recorded once, by whoever takes it first; taking it again changes nothing.
 */
export async function pickUpWithdrawal(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
): Promise<StepOutcome> {
  const recorded = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const row = await lockWithdrawal(tx, id);
    if (row.status !== "under_review")
      throw new AppError(row.status === "cancelled" ? "NOT_UNDER_REVIEW" : "ALREADY_REVIEWED");
    const inserted = await recordStep(tx, {
      withdrawalId: id,
      kind: "picked_up",
      at: now,
      operatorId: operator.id,
    });
    if (inserted)
      await recordAudit(tx, clock, {
        operatorId: operator.id,
        action: "withdrawal.pick_up",
        targetType: "withdrawal",
        targetId: String(id),
      });
    return inserted;
  });
  return { withdrawal: await operatorWithdrawal(db, id), recorded };
}

/**
 * The operator sent an approved withdrawal's money and records the payment's reference. Once: a retry
 * with the same reference answers the same, another reference is refused (ALREADY_PAID); nothing
 * before approval (WITHDRAWAL_NOT_APPROVED).
 */
export async function markWithdrawalPaid(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  reference: string,
): Promise<StepOutcome> {
  const recorded = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const row = await lockWithdrawal(tx, id);
    if (row.status !== "success") throw new AppError("WITHDRAWAL_NOT_APPROVED");
    const paid = await stepAt(tx, id, "paid");
    if (paid) {
      if (paid.reference === reference) return false;
      throw new AppError("ALREADY_PAID");
    }
    const net = fromMinor(row.amount - row.fee);
    await recordStep(tx, { withdrawalId: id, kind: "paid", at: now, operatorId: operator.id, reference });
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "withdrawal.paid",
      targetType: "withdrawal",
      targetId: String(id),
      detail: { reference, net },
    });
    await recordNotice(
      tx,
      row.user_id,
      { kind: "withdrawal_paid", orderNo: row.order_no, amount: net, reference },
      now,
    );
    await enqueuePush(
      tx,
      [{ userId: row.user_id, event: { kind: "withdrawal_paid", orderNo: row.order_no, amount: net } }],
      now,
    );
    return true;
  });
  return { withdrawal: await operatorWithdrawal(db, id), recorded };
}
