import { sql } from "kysely";
import type { OwnedCheck } from "../ledger";
import type { Executor } from "../platform/db";

/**
 * Yu'ebao's books agree with the ledger: each saver's pending balance is what their waiting lots hold,
 * their income total is the sum of their accrual rows, each accrual row's income is its posting's
 * entry, and the savings_income account has paid out exactly what the accrual rows say.
 */
export async function checkSavingsInvariants(db: Executor): Promise<string[]> {
  const violations: string[] = [];
  const pending = await sql<{ user_id: string; balance: string; lots: string }>`
    select a.user_id::text as user_id, a.balance::text as balance, coalesce(l.waiting, 0)::text as lots
    from accounts a
    left join (select user_id, sum(remaining) as waiting from savings_lots where confirmed_at is null group by user_id) l
      on l.user_id = a.user_id
    where a.kind = 'savings_pending' and a.balance <> coalesce(l.waiting, 0)
    limit 20`.execute(db);
  for (const row of pending.rows)
    violations.push(`saver ${row.user_id} has ${row.balance} pending but lots of ${row.lots}`);

  const totals = await sql<{ user_id: string; total: string; rows: string }>`
    select s.user_id::text as user_id, s.income_total::text as total, coalesce(sum(a.income), 0)::text as rows
    from savers s left join savings_accruals a on a.user_id = s.user_id
    group by s.user_id having s.income_total <> coalesce(sum(a.income), 0)
    limit 20`.execute(db);
  for (const row of totals.rows)
    violations.push(`saver ${row.user_id} has income ${row.total} but accrual rows of ${row.rows}`);

  const posted = await sql<{ user_id: string; day: string }>`
    select a.user_id::text as user_id, a.day::text as day
    from savings_accruals a
    left join ledger_entries e on e.posting_id = a.posting_id
    where (a.income > 0) <> (a.posting_id is not null) or (a.posting_id is not null and e.amount is distinct from a.income)
    limit 20`.execute(db);
  for (const row of posted.rows)
    violations.push(`saver ${row.user_id}'s income for ${row.day} does not match its posting`);

  const paid = await sql<{ rows: string; ledger: string; batches: string }>`
    select (select coalesce(sum(income), 0) from savings_accruals)::text as rows,
      (select coalesce(-sum(e.amount), 0) from ledger_entries e join accounts a on a.id = e.account_id
        where a.kind = 'savings_income' and a.user_id is null)::text as ledger,
      (select coalesce(sum(income), 0) from savings_accrual_batches)::text as batches`.execute(db);
  const sums = paid.rows[0];
  if (sums && (sums.rows !== sums.ledger || sums.rows !== sums.batches))
    violations.push(
      `accrual rows pay ${sums.rows}, savings_income paid ${sums.ledger}, batches ${sums.batches}`,
    );
  return violations;
}

/**
 * Yu'ebao's books, checked with the ledger by the full check only: they sum every accrual row since the
 * first, which the routine check, reading only what came after its checkpoint, must not.
 */
export const savingsBooksCheck: OwnedCheck = async (db, scope) =>
  scope === "full" ? checkSavingsInvariants(db) : [];
