/** Every deposit and withdrawal has the postings its status says, once; an operator's 200 is the status. */
import type pg from "pg";
import type { Action, LoggedRequest } from "../answer-log";
import type { Problem } from "./shared";

export async function checkCashier(client: pg.Client, log: readonly LoggedRequest[], problem: Problem) {
  let mismatches = 0;
  const deposits = await client.query<{ id: string; status: string; postings: string }>(
    `select d.id::text, d.status, (select count(*) from postings p where p.kind = 'deposit' and p.reference = d.order_no)::text as postings
     from deposits d`,
  );
  const depositStatus = new Map<string, string>();
  for (const row of deposits.rows) {
    depositStatus.set(row.id, row.status);
    const expected = row.status === "success" ? 1 : 0;
    if (Number(row.postings) !== expected) {
      mismatches++;
      problem(`deposit ${row.id} ${row.status} has ${row.postings} deposit postings`);
    }
  }
  const withdrawals = await client.query<{
    id: string;
    status: string;
    made: string;
    paid: string;
    returned: string;
  }>(
    `select w.id::text, w.status,
       (select count(*) from postings p where p.kind = 'withdrawal' and p.reference = w.order_no)::text as made,
       (select count(*) from postings p where p.kind = 'withdrawal_paid' and p.reference = w.order_no)::text as paid,
       (select count(*) from postings p where p.kind = 'withdrawal_return' and p.reference = w.order_no)::text as returned
     from withdrawals w`,
  );
  const withdrawalStatus = new Map<string, string>();
  for (const row of withdrawals.rows) {
    withdrawalStatus.set(row.id, row.status);
    const paid = row.status === "success" ? 1 : 0;
    const returned = row.status === "failed" || row.status === "cancelled" ? 1 : 0;
    if (Number(row.made) !== 1 || Number(row.paid) !== paid || Number(row.returned) !== returned) {
      mismatches++;
      problem(
        `withdrawal ${row.id} ${row.status}: ${row.made} made, ${row.paid} paid, ${row.returned} returned`,
      );
    }
  }
  // An operator's 200 (not 202: waiting for a second operator) is the decision, in the database.
  const decided: Partial<Record<Action, { statuses: Map<string, string>; status: string }>> = {
    deposit_confirm: { statuses: depositStatus, status: "success" },
    deposit_reject: { statuses: depositStatus, status: "failed" },
    withdrawal_approve: { statuses: withdrawalStatus, status: "success" },
    withdrawal_reject: { statuses: withdrawalStatus, status: "failed" },
  };
  let acknowledgedLost = 0;
  for (const entry of log) {
    const rule = decided[entry.action];
    if (!rule || entry.status !== 200) continue;
    const id = /\/(\d+)\/[a-z]+$/.exec(entry.path)?.[1] ?? "";
    if (rule.statuses.get(id) !== rule.status) {
      acknowledgedLost++;
      problem(`${entry.action} ${id} answered 200, status now ${rule.statuses.get(id)}`);
    }
  }
  return { mismatches, acknowledgedLost };
}
