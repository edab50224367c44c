-- Rise/fall contracts.

create table contracts (
  id bigserial primary key,
  order_no text generated always as ('C' || lpad(id::text, 10, '0')) stored unique,
  user_id bigint not null references users(id),
  symbol text not null references products(symbol),
  direction text not null check (direction in ('up', 'down')),
  stake bigint not null check (stake > 0),
  duration_seconds integer not null check (duration_seconds > 0),
  payout_rate_bps integer not null check (payout_rate_bps between 1 and 100000),
  status text not null default 'pending' check (status in ('pending', 'open', 'settled', 'void')),
  accepted_at timestamptz not null,
  entry_seq bigint,
  entry_price bigint,
  entry_time timestamptz,
  entry_hash text,
  expiry_at timestamptz,
  exit_seq bigint,
  exit_price bigint,
  exit_time timestamptz,
  exit_hash text,
  result text check (result in ('win', 'lose', 'draw', 'void')),
  payout bigint check (payout >= 0),
  settled_at timestamptz,
  stake_posting_id bigint not null references postings(id),
  settle_posting_id bigint references postings(id),
  constraint contract_entry_when_open check (status in ('pending', 'void') or (entry_seq is not null
    and entry_price is not null and entry_time is not null and entry_hash is not null and expiry_at is not null)),
  constraint contract_closed_has_result check ((status in ('settled', 'void')) = (result is not null
    and payout is not null and settled_at is not null and settle_posting_id is not null)),
  constraint contract_settled_has_exit check (status <> 'settled' or (exit_seq is not null
    and exit_price is not null and exit_time is not null and exit_hash is not null)),
  constraint contract_void_result check ((status = 'void') = coalesce(result = 'void', false))
);

create index contracts_due on contracts (status, expiry_at);

create index contracts_user on contracts (user_id, id);

create index contracts_symbol_status on contracts (symbol, status);

-- The terms and the entry of a contract never change once set; only the open → closed step writes.
create function guard_contract_change() returns trigger language plpgsql as $$
    begin
      if new.user_id is distinct from old.user_id or new.symbol is distinct from old.symbol
        or new.direction is distinct from old.direction or new.stake is distinct from old.stake
        or new.duration_seconds is distinct from old.duration_seconds
        or new.payout_rate_bps is distinct from old.payout_rate_bps or new.accepted_at is distinct from old.accepted_at
        or new.stake_posting_id is distinct from old.stake_posting_id
        or (old.entry_seq is not null and (new.entry_seq is distinct from old.entry_seq
          or new.entry_price is distinct from old.entry_price or new.entry_time is distinct from old.entry_time
          or new.entry_hash is distinct from old.entry_hash or new.expiry_at is distinct from old.expiry_at))
        or old.status in ('settled', 'void') then
        raise exception 'a contract keeps its terms, its entry and its result' using errcode = 'P0001';
      end if;
      return new;
    end $$;

create trigger contracts_guard before update on contracts
  for each row execute function guard_contract_change();

create trigger contracts_no_delete before delete on contracts
  for each row execute function forbid_change();
