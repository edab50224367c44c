-- Journals: postings written together that balance as a whole. The settlement worker writes one per
-- batch — each contract keeps its own posting (its user, kind and order number, for fund records),
-- while the house takes or pays the batch's net in a single entry instead of one per contract
-- (ARCHITECTURE §7: hot system accounts are aggregated per batch). A posting without a journal balances
-- on its own, as before.

-- The journal is named by the id of its first posting; null: the posting is its own journal.
alter table postings add column journal_id bigint references postings(id);

create index postings_journal on postings ((coalesce(journal_id, id)));

create or replace function check_postings_balanced() returns trigger language plpgsql as $$
    declare unbalanced bigint;
    begin
      -- Each journal a statement touches must sum to zero over two or more entries, and each of its
      -- postings must hold at least one. Looked up through indexes: the cost is per journal, not per ledger.
      select touched.journal into unbalanced
        from (
          select distinct coalesce(p.journal_id, p.id) as journal
          from (select distinct posting_id from inserted) i join postings p on p.id = i.posting_id
        ) touched
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
        limit 1;
      if unbalanced is not null then
        raise exception 'journal % does not balance', unbalanced using errcode = '23514';
      end if;
      return null;
    end $$;
