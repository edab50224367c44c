-- A practice account for every user: virtual units in ledger accounts of their own (practice_cash,
-- practice_frozen), granted from and reset against a practice-only bank, won from and lost to a
-- practice-only house. No posting mixes them with real accounts (ledger/invariants.ts checks it).
alter table accounts drop constraint account_kind_known;

alter table accounts add constraint account_kind_known check (kind in ('cash', 'frozen_trade',
  'frozen_withdrawal', 'savings_pending', 'savings_confirmed', 'house', 'deposits', 'withdrawals',
  'savings_income', 'demo_grants', 'fees', 'practice_cash', 'practice_frozen', 'practice_bank',
  'practice_house'));

alter table accounts drop constraint account_owner_matches_kind;

alter table accounts add constraint account_owner_matches_kind check ((user_id is null) = (kind in ('house',
  'deposits', 'withdrawals', 'savings_income', 'demo_grants', 'fees', 'practice_bank', 'practice_house')));

insert into accounts (kind) values ('practice_bank'), ('practice_house');

-- Which money a contract stakes. A contract keeps it, like its other terms.
alter table contracts add column wallet text not null default 'real' check (wallet in ('real', 'practice'));

create index contracts_user_wallet on contracts (user_id, wallet, id);

drop trigger contracts_guard on contracts;

create trigger contracts_guard before update on contracts
  for each row
  when (new.user_id is distinct from old.user_id or new.symbol is distinct from old.symbol
    or new.wallet is distinct from old.wallet
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

-- The risk figure and the dashboard read real contracts only; the index of closed contracts carries the
-- wallet too, so both still read the index alone.
drop index contracts_closed_at;

create index contracts_closed_at on contracts (settled_at) include (stake, payout, user_id, status, wallet)
  where settled_at is not null;
