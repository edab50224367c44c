-- A settled contract names its settle posting; the foreign key's per-row check is replaced by one check
-- per statement (a settlement batch closes thousands of contracts in one), as the ledger's were
-- (0007_ledger_statement_checks). Postings are append-only, so a posting once named stays.

alter table contracts drop constraint contracts_settle_posting_id_fkey;

create function check_contract_postings() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed c where c.settle_posting_id is not null
          and not exists (select 1 from postings p where p.id = c.settle_posting_id)) then
        raise exception 'a contract names a settle posting that does not exist' using errcode = '23503';
      end if;
      return null;
    end $$;

create trigger contracts_settle_posting_exists after update on contracts
  referencing new table as changed
  for each statement execute function check_contract_postings();
