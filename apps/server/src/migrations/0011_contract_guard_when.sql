-- The rule that a contract keeps its terms, its entry and its result, asked in the trigger's WHEN
-- clause: the database evaluates it per row without calling a function, and calls the function only to
-- refuse. A settlement batch closes thousands of contracts in one statement; the rule is unchanged
-- (0004_trading).

create or replace function guard_contract_change() returns trigger language plpgsql as $$
    begin
      raise exception 'a contract keeps its terms, its entry and its result' using errcode = 'P0001';
    end $$;

drop trigger contracts_guard on contracts;

create trigger contracts_guard before update on contracts
  for each row
  when (new.user_id is distinct from old.user_id or new.symbol is distinct from old.symbol
    or new.direction is distinct from old.direction or new.stake is distinct from old.stake
    or new.duration_seconds is distinct from old.duration_seconds
    or new.payout_rate_bps is distinct from old.payout_rate_bps or new.accepted_at is distinct from old.accepted_at
    or new.stake_posting_id is distinct from old.stake_posting_id
    or (old.entry_seq is not null and (new.entry_seq is distinct from old.entry_seq
      or new.entry_price is distinct from old.entry_price or new.entry_time is distinct from old.entry_time
      or new.entry_hash is distinct from old.entry_hash or new.expiry_at is distinct from old.expiry_at))
    or old.status in ('settled', 'void'))
  execute function guard_contract_change();
