-- The version of a product's rates per duration (its payout table): bumped in the transaction that
-- changes them, and recorded on each contract at placement, so a receipt names the table its rate came
-- from. Contracts placed before this have none.
alter table products add column payout_table_version integer not null default 1
  check (payout_table_version >= 1);
alter table contracts add column payout_table_version integer
  check (payout_table_version >= 1);

-- The version is one of the contract's terms: it never changes, like the rate beside it (0011).
drop trigger contracts_guard on contracts;

create trigger contracts_guard before update on contracts
  for each row
  when (new.user_id is distinct from old.user_id or new.symbol is distinct from old.symbol
    or new.direction is distinct from old.direction or new.stake is distinct from old.stake
    or new.duration_seconds is distinct from old.duration_seconds
    or new.payout_rate_bps is distinct from old.payout_rate_bps
    or new.payout_table_version is distinct from old.payout_table_version
    or new.accepted_at is distinct from old.accepted_at
    or new.stake_posting_id is distinct from old.stake_posting_id
    or (old.entry_seq is not null and (new.entry_seq is distinct from old.entry_seq
      or new.entry_price is distinct from old.entry_price or new.entry_time is distinct from old.entry_time
      or new.entry_hash is distinct from old.entry_hash or new.expiry_at is distinct from old.expiry_at))
    or old.status in ('settled', 'void'))
  execute function guard_contract_change();
