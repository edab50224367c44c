import {
  fromMinor,
  type PostingKind,
  type StatementPage,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { cursorId, pageOfRows } from "../platform/pagination";

interface StatementRow {
  id: bigint;
  posting_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint | null;
  created_at: Date;
  /** Written only through the ledger's posting functions, which take a PostingKind. */
  kind: PostingKind;
  reference: string | null;
}

/**
 * A user's ledger statement, newest first: every entry of each of their five accounts, with the balance
 * after it. Read as one limited index range per account (ledger_entries_account, newest first), merged:
 * a page reads at most 5 × (limit + 1) entries however long the user's history is.
 */
export async function userStatement(
  db: Executor,
  userId: bigint,
  page: { cursor?: string | undefined; limit: number },
): Promise<StatementPage> {
  const accounts = await db
    .selectFrom("accounts")
    .select(["id", "kind"])
    .where("user_id", "=", userId)
    .where("kind", "in", [...USER_ACCOUNT_KINDS])
    .execute();
  const kindOf = new Map(accounts.map((account) => [account.id, account.kind as UserAccountKind]));
  if (accounts.length === 0) return { items: [], nextCursor: null };
  const before = cursorId(page.cursor);
  const take = page.limit + 1;
  const ranges = accounts.map(
    (account) => sql`(select id, posting_id, account_id, amount, balance_after, created_at
      from ledger_entries where account_id = ${account.id}
      ${before === null ? sql`` : sql`and id < ${before}`}
      order by id desc limit ${take})`,
  );
  // The page is cut before its postings are read, each by its primary key (a lateral lookup, so the
  // planner cannot choose to hash the whole postings table instead).
  const { rows } = await sql<StatementRow>`
    select e.id, e.posting_id, e.account_id, e.amount, e.balance_after, e.created_at, p.kind, p.reference
    from (select * from (${sql.join(ranges, sql` union all `)}) merged order by id desc limit ${take}) e
    cross join lateral (select kind, reference from postings where id = e.posting_id limit 1) p
    order by e.id desc`.execute(db);
  return pageOfRows(rows, page.limit, (row) => ({
    id: String(row.id),
    postingId: String(row.posting_id),
    kind: row.kind,
    account: kindOf.get(row.account_id) ?? USER_ACCOUNT_KINDS[0],
    amount: fromMinor(row.amount),
    balanceAfter: fromMinor(row.balance_after ?? 0n),
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
  }));
}
