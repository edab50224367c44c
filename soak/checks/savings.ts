/** Each savings day is paid once per user, and what the accruals say is what the ledger moved. */
import type pg from "pg";
import { count, type Problem } from "./shared";

export async function checkSavings(client: pg.Client, problem: Problem) {
  const days = await count(client, "select count(*) from savings_accruals");
  // What the accruals say each user earned is what the ledger moved to their confirmed shares as income.
  const off = await client.query<{ user_id: string; accrued: string; posted: string }>(
    `with accrued as (select user_id, sum(income) as income from savings_accruals group by user_id),
       posted as (select a.user_id, sum(e.amount) as income from ledger_entries e
         join postings p on p.id = e.posting_id join accounts a on a.id = e.account_id
         where p.kind = 'savings_income' and a.user_id is not null group by a.user_id)
     select coalesce(x.user_id, y.user_id)::text as user_id, coalesce(x.income, 0)::text as accrued,
       coalesce(y.income, 0)::text as posted
     from accrued x full join posted y on y.user_id = x.user_id
     where coalesce(x.income, 0) <> coalesce(y.income, 0)`,
  );
  for (const row of off.rows)
    problem(`savings: user ${row.user_id} accrued ${row.accrued}, posted ${row.posted}`);
  return { savings_days_paid: days, savings_mismatches: off.rows.length };
}
