import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { PRACTICE_KINDS } from "./schema";

export interface InvariantReport {
  ok: boolean;
  violations: string[];
  counts: { accounts: number; postings: number; entries: number };
}

/**
 * The ledger's invariants (ARCHITECTURE §1.3), checked on a live database: all entries sum to zero,
 * every journal (a posting on its own, or postings written together as one) balances with two or more
 * entries and none of its postings is empty, every user balance equals the sum of its entries and
 * the last entry's balance_after, no user account is below zero, and practice money stays apart: no
 * posting has entries on both practice and real accounts, a practice kind of posting touches practice
 * accounts only, and every journal's practice entries sum to zero on their own.
 */
export async function checkLedgerInvariants(db: Executor): Promise<InvariantReport> {
  const violations: string[] = [];

  const total = await sql<{
    total: string;
  }>`select coalesce(sum(amount), 0)::text as total from ledger_entries`.execute(db);
  if (total.rows[0]?.total !== "0") violations.push(`all entries sum to ${total.rows[0]?.total}, not 0`);

  const unbalanced = await sql<{ journal: string; total: string; entries: string; empty: string }>`
    select coalesce(p.journal_id, p.id)::text as journal, coalesce(sum(e.amount), 0)::text as total,
      count(e.id)::text as entries, count(*) filter (where e.id is null)::text as empty
    from postings p left join ledger_entries e on e.posting_id = p.id
    group by coalesce(p.journal_id, p.id)
    having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2 or count(*) filter (where e.id is null) > 0
    limit 20`.execute(db);
  for (const row of unbalanced.rows) {
    violations.push(
      `journal ${row.journal} sums to ${row.total} over ${row.entries} entries (${row.empty} postings without one)`,
    );
  }

  const drifted = await sql<{
    account_id: string;
    balance: string;
    entries: string;
    last_after: string | null;
  }>`
    select a.id::text as account_id, a.balance::text as balance,
           coalesce(sum(e.amount), 0)::text as entries,
           (select e2.balance_after::text from ledger_entries e2 where e2.account_id = a.id order by e2.id desc limit 1) as last_after
    from accounts a left join ledger_entries e on e.account_id = a.id
    where a.user_id is not null
    group by a.id
    having a.balance <> coalesce(sum(e.amount), 0)
        or a.balance <> coalesce((select e2.balance_after from ledger_entries e2 where e2.account_id = a.id order by e2.id desc limit 1), 0)
    limit 20`.execute(db);
  for (const row of drifted.rows) {
    violations.push(
      `account ${row.account_id} holds ${row.balance} but its entries sum to ${row.entries} (last balance_after ${row.last_after})`,
    );
  }

  const negative = await sql<{ id: string; balance: string }>`
    select id::text as id, balance::text as balance from accounts where user_id is not null and balance < 0 limit 20`.execute(
    db,
  );
  for (const row of negative.rows) violations.push(`user account ${row.id} is below zero: ${row.balance}`);

  const practice = sql`a.kind in (${sql.join(PRACTICE_KINDS.map((kind) => sql.lit(kind)))})`;
  const mixed = await sql<{ posting: string; kind: string; practice: string; real: string }>`
    select p.id::text as posting, p.kind,
      count(*) filter (where ${practice})::text as practice, count(*) filter (where not ${practice})::text as real
    from postings p join ledger_entries e on e.posting_id = p.id join accounts a on a.id = e.account_id
    group by p.id
    having (count(*) filter (where ${practice}) > 0 and count(*) filter (where not ${practice}) > 0)
      or (p.kind like 'practice\_%' and count(*) filter (where not ${practice}) > 0)
    limit 20`.execute(db);
  for (const row of mixed.rows) {
    violations.push(
      `posting ${row.posting} (${row.kind}) mixes practice and real money: ${row.practice} practice and ${row.real} real entries`,
    );
  }

  const practiceUnbalanced = await sql<{ journal: string; total: string }>`
    select coalesce(p.journal_id, p.id)::text as journal, sum(e.amount)::text as total
    from postings p join ledger_entries e on e.posting_id = p.id join accounts a on a.id = e.account_id
    where ${practice}
    group by coalesce(p.journal_id, p.id)
    having sum(e.amount) <> 0
    limit 20`.execute(db);
  for (const row of practiceUnbalanced.rows) {
    violations.push(`journal ${row.journal}'s practice entries sum to ${row.total}, not 0`);
  }

  const counts = await sql<{ accounts: string; postings: string; entries: string }>`
    select (select count(*) from accounts)::text as accounts,
           (select count(*) from postings)::text as postings,
           (select count(*) from ledger_entries)::text as entries`.execute(db);
  const c = counts.rows[0];
  return {
    ok: violations.length === 0,
    violations,
    counts: {
      accounts: Number(c?.accounts ?? 0),
      postings: Number(c?.postings ?? 0),
      entries: Number(c?.entries ?? 0),
    },
  };
}
