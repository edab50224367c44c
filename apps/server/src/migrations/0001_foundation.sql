-- Users, sessions, the double-entry ledger, operators and the audit log. Every rule the ledger depends
-- on is enforced here, in the database, not only in services.

create table users (
  id bigserial primary key,
  account text not null,
  phone text not null,
  phone_country text not null,
  nickname text not null,
  password_hash text not null,
  pay_password_hash text not null,
  invite_code text not null unique,
  invited_by text,
  credit_score integer not null default 100,
  verified boolean not null default false,
  failed_logins integer not null default 0,
  throttled_until timestamptz,
  created_at timestamptz not null default now()
);

create unique index users_account_unique on users (lower(account));

create unique index users_phone_unique on users (phone);

create table invite_codes (
  code text primary key,
  owner_user_id bigint references users(id),
  created_by_operator bigint,
  max_uses integer check (max_uses is null or max_uses > 0),
  uses integer not null default 0,
  note text not null default '',
  created_at timestamptz not null default now(),
  constraint invite_code_within_uses check (max_uses is null or uses <= max_uses)
);

create table sessions (
  token_hash text primary key,
  user_id bigint not null references users(id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index sessions_user on sessions (user_id) where revoked_at is null;

create table accounts (
  id bigserial primary key,
  user_id bigint references users(id),
  kind text not null,
  balance bigint,
  created_at timestamptz not null default now(),
  constraint account_kind_known check (kind in ('cash', 'frozen_trade', 'frozen_withdrawal',
    'savings_pending', 'savings_confirmed', 'house', 'deposits', 'withdrawals', 'savings_income', 'demo_grants')),
  constraint account_owner_matches_kind check ((user_id is null) = (kind in ('house', 'deposits',
    'withdrawals', 'savings_income', 'demo_grants'))),
  constraint user_accounts_keep_balance check ((user_id is null) = (balance is null)),
  constraint user_accounts_never_negative check (balance >= 0)
);

create unique index accounts_user_kind on accounts (user_id, kind) where user_id is not null;

create unique index accounts_system_kind on accounts (kind) where user_id is null;

create table postings (
  id bigserial primary key,
  kind text not null,
  user_id bigint references users(id),
  reference text,
  created_at timestamptz not null default now()
);

create index postings_user_time on postings (user_id, created_at) where user_id is not null;

create table ledger_entries (
  id bigserial primary key,
  posting_id bigint not null references postings(id),
  account_id bigint not null references accounts(id),
  amount bigint not null check (amount <> 0),
  balance_after bigint,
  created_at timestamptz not null default now()
);

create index ledger_entries_account on ledger_entries (account_id, id);

create index ledger_entries_posting on ledger_entries (posting_id);

create table idempotency_keys (
  user_id bigint not null references users(id),
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create table operators (
  id bigserial primary key,
  username text not null,
  password_hash text not null,
  role text not null check (role in ('support', 'finance', 'admin')),
  failed_logins integer not null default 0,
  throttled_until timestamptz,
  created_at timestamptz not null default now()
);

create unique index operators_username_unique on operators (lower(username));

create table operator_sessions (
  token_hash text primary key,
  operator_id bigint not null references operators(id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create table audit_log (
  id bigserial primary key,
  operator_id bigint references operators(id),
  action text not null,
  target_type text not null,
  target_id text not null,
  reason text,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);

-- Append-only: entries, postings and the audit log can be inserted, never changed or removed.
create function forbid_change() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name using errcode = 'P0001';
      end $$;

create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function forbid_change();

create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function forbid_change();

create trigger postings_append_only before update or delete on postings
  for each row execute function forbid_change();

create trigger postings_no_truncate before truncate on postings
  for each statement execute function forbid_change();

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function forbid_change();

create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function forbid_change();

-- A user account's balance moves only with its entries: each entry adds its amount and records the
-- balance after it; the CHECK above refuses any entry that would take it below zero. An entry is
-- numbered only once the account row is locked, so an account's entries in id order are the order its
-- balance moved in, and the last one's balance_after is its balance.
create function apply_entry_to_balance() returns trigger language plpgsql as $$
      begin
        update accounts set balance = balance + new.amount
          where id = new.account_id and balance is not null
          returning balance into new.balance_after;
        if found then
          new.id := nextval(pg_get_serial_sequence('ledger_entries', 'id'));
        end if;
        return new;
      end $$;

create trigger ledger_entries_apply before insert on ledger_entries
  for each row execute function apply_entry_to_balance();

create function guard_account_change() returns trigger language plpgsql as $$
      begin
        if new.user_id is distinct from old.user_id or new.kind is distinct from old.kind then
          raise exception 'an account keeps its owner and kind' using errcode = 'P0001';
        end if;
        if new.balance is distinct from old.balance and pg_trigger_depth() < 2 then
          raise exception 'a balance changes only through ledger entries' using errcode = 'P0001';
        end if;
        return new;
      end $$;

create trigger accounts_guard before update on accounts
  for each row execute function guard_account_change();

create trigger accounts_no_delete before delete on accounts
  for each row execute function forbid_change();

-- Each statement that inserts entries leaves every posting it touches balanced, with two or more
-- entries. Each touched posting is looked up through its index, so the cost stays per posting, not per
-- ledger.
create function check_postings_balanced() returns trigger language plpgsql as $$
      declare unbalanced bigint;
      begin
        select touched.posting_id into unbalanced
          from (select distinct posting_id from inserted) touched
          cross join lateral (
            select sum(e.amount) as total, count(*) as entries
            from ledger_entries e where e.posting_id = touched.posting_id
          ) posting
          where posting.total <> 0 or posting.entries < 2
          limit 1;
        if unbalanced is not null then
          raise exception 'posting % does not balance', unbalanced using errcode = '23514';
        end if;
        return null;
      end $$;

create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as inserted
  for each statement execute function check_postings_balanced();

insert into accounts (kind) values ('house'), ('deposits'), ('withdrawals'), ('savings_income'), ('demo_grants');
