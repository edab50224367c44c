/**
 * The rows `npm run bench -- console` pages through, `rows` of each, written set-based: users (with
 * their five accounts, half opened with the code BENCH26); deposits, the oldest half waiting for review
 * and the newer half rejected (a plan walking the newest first past the decided ones reads half the
 * table); and one user's ledger entries (demo grants, each with the balance after it, as the ledger's
 * triggers require). Answers that user's id.
 */
import { sql } from "kysely";
import { systemAccountIds, userAccountIds } from "../apps/server/src/ledger/service";
import type { Db } from "../apps/server/src/platform/db";

export async function seedConsoleRows(db: Db, rows: number): Promise<bigint> {
  await sql`insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash,
      invite_code, invited_by, created_at)
    select 'user' || g, '+86139' || lpad(g::text, 8, '0'), 'CN', 'user' || g, 'bench-not-a-hash',
      'bench-not-a-hash', 'B' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'BENCH26' end, now()
    from generate_series(1, ${rows}) g`.execute(db);
  await sql`insert into accounts (user_id, kind, balance, created_at)
    select u.id, k.kind, 0, now() from users u
    cross join unnest(array['cash', 'frozen_trade', 'frozen_withdrawal', 'savings_pending',
      'savings_confirmed']) as k(kind)`.execute(db);
  const heavy = await db
    .selectFrom("users")
    .select("id")
    .where("account", "=", "user7")
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (tx) => {
    const { cash } = await userAccountIds(tx, heavy.id);
    const { demo_grants } = await systemAccountIds(tx);
    await sql`insert into postings (kind, user_id, reference, created_at)
      select 'demo_grant', ${heavy.id}, 'bench', now() from generate_series(1, ${rows})`.execute(tx);
    await sql`insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
      select p.id, v.account_id, v.amount, case when v.account_id = ${cash} then p.k * 100 end, now()
      from (select id, row_number() over (order by id) as k from postings where user_id = ${heavy.id}) p
      cross join (values (${cash}::bigint, 100::bigint), (${demo_grants}::bigint, -100::bigint))
        as v(account_id, amount)
      order by p.id, v.amount`.execute(tx);
  });
  const method = await sql<{ id: bigint }>`insert into deposit_methods (kind, names, bank_name, account_name,
      account_number, min_amount, max_amount, active, created_at, updated_at)
    values ('bank', '{"en":"Bank"}', 'Bench Bank', 'Tickfair', '6222000011112222', 100, 100000000, true, now(),
      now())
    returning id`.execute(db);
  await sql`insert into deposits (user_id, method_id, amount, reference, status, reason, second_approval_above,
      created_at)
    select u.id, ${method.rows[0]?.id}, 10000, 'bench ' || g,
      case when g <= ${rows / 2} then 'under_review' else 'failed' end,
      case when g <= ${rows / 2} then null else 'bench' end, 5000000, now()
    from generate_series(1, ${rows}) g
    join users u on u.account = 'user' || g
    order by g`.execute(db);
  await sql`analyze`.execute(db);
  return heavy.id;
}
