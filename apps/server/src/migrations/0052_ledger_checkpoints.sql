-- Ledger checkpoints (docs/decisions/0083-incremental-ledger-check.md): entries and postings are
-- append-only, so what a check found sound need not be read again. A checkpoint is written only after a
-- check that found no violation, and names its cut: every entry and posting at or below these ids was
-- committed before the check read and was checked, and those entries summed to 0. The routine check
-- reads only what is above the newest checkpoint's cut; `npm run ledger:check -- --full` still reads
-- everything.
create table ledger_checkpoints (
  id bigserial primary key,
  entry_id bigint not null check (entry_id >= 0),
  posting_id bigint not null check (posting_id >= 0),
  -- How many entries and postings are at or below the cut, so a check since it can count the ledger
  -- without reading it.
  entries bigint not null check (entries >= 0),
  postings bigint not null check (postings >= 0),
  scope text not null check (scope in ('full', 'since checkpoint')),
  checked_at timestamptz not null default now()
);

-- A checkpoint vouches for what it cut: changing one could hide a violation from every check after it.
create trigger ledger_checkpoints_append_only before update or delete on ledger_checkpoints
  for each row execute function forbid_change();

create trigger ledger_checkpoints_no_truncate before truncate on ledger_checkpoints
  for each statement execute function forbid_change();
