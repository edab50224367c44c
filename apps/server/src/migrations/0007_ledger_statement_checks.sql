-- The ledger's rules checked once per statement instead of once per row, for the writes that touch
-- thousands of rows at a time (a settlement batch). Integrity stays the database's: every insert is
-- checked, and nothing referenced can go away (postings and entries are append-only, accounts are never
-- deleted, a user with accounts cannot be).
--
-- Balances kept per statement instead of per entry. Until now a row trigger ran an UPDATE of the
-- account for every entry (about 30 µs each: most of what settling a contract cost). Now the statement
-- that writes entries states each one's balance_after (ledger/service.ts: from the accounts it locked,
-- plus the running sum of its entries in id order), and one statement-level trigger checks every such
-- chain against the account's balance and moves each account once:
-- - a user account's entries all carry balance_after, none below zero, each equal to the balance before
--   the statement plus the entries up to it in id order (so an account's entries in id order are still
--   the order its balance moved in, and the last one's balance_after is its balance);
-- - a system account's entries carry none (system accounts keep no balance);
-- - every entry names an existing account and posting, every posting an existing user and journal
--   (these replace the foreign keys, whose per-row checks cost as much again as the balances did).
--
-- A chain that does not continue from the balance the account holds when the trigger runs (a writer
-- that did not lock the account, and lost a race) is refused as a serialization failure.

alter table ledger_entries drop constraint ledger_entries_account_id_fkey;

alter table ledger_entries drop constraint ledger_entries_posting_id_fkey;

alter table postings drop constraint postings_user_id_fkey;

alter table postings drop constraint postings_journal_id_fkey;

create function check_posting_references() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from written w where w.user_id is not null
          and not exists (select 1 from users u where u.id = w.user_id))
        or exists (select 1 from written w where w.journal_id is not null
          and not exists (select 1 from postings p where p.id = w.journal_id)) then
        raise exception 'a posting names a user or a journal that does not exist' using errcode = '23503';
      end if;
      return null;
    end $$;

create trigger postings_references after insert on postings
  referencing new table as written
  for each statement execute function check_posting_references();

drop trigger ledger_entries_apply on ledger_entries;

drop function apply_entry_to_balance();

create function move_balances() returns trigger language plpgsql as $$
    declare
      verdict record;
    begin
      with chain as (
        select i.account_id, i.amount, i.balance_after,
          i.balance_after - sum(i.amount) over (partition by i.account_id order by i.id
            rows between unbounded preceding and current row) as opening
        from inserted i
      ), per_account as (
        select c.account_id, sum(c.amount) as total, count(*) as entries, count(c.balance_after) as stated,
          min(c.opening) as opening, max(c.opening) as opening_high, min(c.balance_after) as lowest
        from chain c
        group by c.account_id
      ), moved as (
        update accounts a set balance = a.balance + p.total
        from per_account p
        where a.id = p.account_id and a.balance = p.opening and p.stated = p.entries
          and p.opening = p.opening_high and p.lowest >= 0
        returning a.id
      )
      select
        count(*) filter (where a.id is null) as unknown,
        count(*) filter (where a.balance is null and p.stated > 0) as stated_for_system,
        count(*) filter (where a.balance is not null and (p.stated < p.entries or p.opening <> p.opening_high))
          as broken,
        count(*) filter (where a.balance is not null and p.lowest < 0) as overdrawn,
        count(*) filter (where a.balance is not null) as user_accounts,
        (select count(*) from moved) as moved,
        (select count(*) from (select distinct posting_id from inserted) i
          where not exists (select 1 from postings t where t.id = i.posting_id)) as orphans
      into verdict
      from per_account p left join accounts a on a.id = p.account_id;
      if verdict.unknown > 0 then
        raise exception 'an entry names no account' using errcode = '23503';
      end if;
      if verdict.orphans > 0 then
        raise exception 'an entry names no posting' using errcode = '23503';
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

-- Named to fire after ledger_entries_balanced (same-timing triggers fire in name order): an unbalanced
-- posting is reported as such first.
create trigger ledger_entries_move_balances after insert on ledger_entries
  referencing new table as inserted
  for each statement execute function move_balances();
