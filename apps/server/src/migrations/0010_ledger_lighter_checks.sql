-- The same ledger rules as 0007_ledger_statement_checks, each account and posting read once per
-- statement instead of twice (a settlement batch moves a few thousand balances):
-- - move_balances looks each account up once, and moves it by that row's address (a row another
--   transaction has moved since is not there any more: its balance is refused as changed, as before);
-- - the check that every entry names a posting joins the postings the balance check reads anyway;
-- - the guard that lets only those checks move a balance is asked only when an update could break it
--   (its WHEN clause), not once per balance they move.

create or replace function move_balances() returns trigger language plpgsql as $$
    declare
      verdict record;
    begin
      with chain as (
        select i.account_id, i.amount, i.balance_after,
          i.balance_after - sum(i.amount) over (partition by i.account_id order by i.id
            rows between unbounded preceding and current row) as opening
        from inserted i
      ), sums as (
        select c.account_id, sum(c.amount) as total, count(*) as entries, count(c.balance_after) as stated,
          min(c.opening) as opening, max(c.opening) as opening_high, min(c.balance_after) as lowest
        from chain c
        group by c.account_id
      ), per_account as materialized (
        select s.*, a.id is not null as known, a.balance, a.ctid as row_at
        from sums s left join accounts a on a.id = s.account_id
      ), moved as (
        update accounts a set balance = a.balance + p.total
        from per_account p
        where a.ctid = p.row_at and a.id = p.account_id and a.balance = p.opening and p.stated = p.entries
          and p.opening = p.opening_high and p.lowest >= 0
        returning a.id
      )
      select
        count(*) filter (where not p.known) as unknown,
        count(*) filter (where p.known and p.balance is null and p.stated > 0) as stated_for_system,
        count(*) filter (where p.balance is not null and (p.stated < p.entries or p.opening <> p.opening_high))
          as broken,
        count(*) filter (where p.balance is not null and p.lowest < 0) as overdrawn,
        count(*) filter (where p.balance is not null) as user_accounts,
        (select count(*) from moved) as moved
      into verdict
      from per_account p;
      if verdict.unknown > 0 then
        raise exception 'an entry names no account' using errcode = '23503';
      end if;
      if verdict.stated_for_system > 0 or verdict.broken > 0 then
        raise exception 'entries must state the balance after them, in id order, from the account''s balance'
          using errcode = '23514';
      end if;
      if verdict.overdrawn > 0 then
        raise exception 'an entry would take a balance below zero'
          using errcode = '23514', constraint = 'user_accounts_never_negative';
      end if;
      if verdict.moved <> verdict.user_accounts then
        raise exception 'an account''s balance changed while its entries were written'
          using errcode = '40001';
      end if;
      return null;
    end $$;

create or replace function check_postings_balanced() returns trigger language plpgsql as $$
    declare verdict record;
    begin
      -- Every entry names a posting; each journal the statement touches sums to zero over two or more
      -- entries, and each of its postings holds at least one. Looked up through indexes: the cost is
      -- per journal, not per ledger.
      with posted as materialized (
        select i.posting_id, p.id is not null as known, coalesce(p.journal_id, p.id) as journal
        from (select distinct posting_id from inserted) i left join postings p on p.id = i.posting_id
      )
      select
        (select count(*) from posted where not known) as orphans,
        (select touched.journal
          from (select distinct journal from posted where known) touched
          cross join lateral (
            select sum(posting.total) as total, sum(posting.entries) as entries,
              count(*) filter (where posting.entries = 0) as empty_postings
            from postings p
            cross join lateral (
              select coalesce(sum(e.amount), 0) as total, count(*) as entries
              from ledger_entries e where e.posting_id = p.id
            ) posting
            where coalesce(p.journal_id, p.id) = touched.journal
          ) journal
          where journal.total <> 0 or journal.entries < 2 or journal.empty_postings > 0
          limit 1) as unbalanced
      into verdict;
      if verdict.orphans > 0 then
        raise exception 'an entry names no posting' using errcode = '23503';
      end if;
      if verdict.unbalanced is not null then
        raise exception 'journal % does not balance', verdict.unbalanced using errcode = '23514';
      end if;
      return null;
    end $$;

drop trigger accounts_guard on accounts;

-- Inside the ledger's own checks (trigger depth 1) a balance may move; anywhere else the guard refuses.
create trigger accounts_guard before update on accounts
  for each row
  when (new.user_id is distinct from old.user_id or new.kind is distinct from old.kind
    or (new.balance is distinct from old.balance and pg_trigger_depth() < 1))
  execute function guard_account_change();
