-- Deposits, withdrawals, withdrawal accounts, private files and the cashier's settings.

alter table accounts drop constraint account_kind_known;

alter table accounts add constraint account_kind_known check (kind in ('cash', 'frozen_trade',
  'frozen_withdrawal', 'savings_pending', 'savings_confirmed', 'house', 'deposits', 'withdrawals',
  'savings_income', 'demo_grants', 'fees'));

alter table accounts drop constraint account_owner_matches_kind;

alter table accounts add constraint account_owner_matches_kind check ((user_id is null) = (kind in ('house',
  'deposits', 'withdrawals', 'savings_income', 'demo_grants', 'fees')));

insert into accounts (kind) values ('fees');

alter table users add column pay_failures integer not null default 0;

alter table users add column pay_locked_until timestamptz;

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table files (
  id uuid primary key,
  owner_user_id bigint not null references users(id),
  content_type text not null,
  size integer not null check (size > 0),
  data bytea not null,
  created_at timestamptz not null default now()
);

create table deposit_methods (
  id bigserial primary key,
  kind text not null check (kind in ('bank', 'crypto')),
  name text not null,
  bank_name text,
  account_name text,
  account_number text,
  network text,
  address text,
  instructions text not null default '',
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deposit_method_range check (max_amount >= min_amount)
);

create table deposits (
  id bigserial primary key,
  order_no text generated always as ('D' || lpad(id::text, 10, '0')) stored unique,
  user_id bigint not null references users(id),
  method_id bigint not null references deposit_methods(id),
  amount bigint not null check (amount > 0),
  reference text not null,
  proof_file_id uuid references files(id),
  status text not null default 'under_review' check (status in ('under_review', 'success', 'failed')),
  reason text,
  posting_id bigint references postings(id),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint references operators(id),
  constraint deposit_success_is_posted check ((status = 'success') = (posting_id is not null))
);

create index deposits_user on deposits (user_id, id);

create index deposits_status on deposits (status, id);

create table deposit_approvals (
  deposit_id bigint not null references deposits(id),
  operator_id bigint not null references operators(id),
  created_at timestamptz not null default now(),
  primary key (deposit_id, operator_id)
);

create table withdrawal_accounts (
  id bigserial primary key,
  user_id bigint not null references users(id),
  type text not null check (type in ('bank', 'crypto')),
  account_name text,
  nationality text,
  bank_name text,
  card_number text,
  bank_address text,
  network text,
  address text,
  bound_at timestamptz not null,
  unbound_at timestamptz,
  unbound_by bigint references operators(id)
);

create unique index withdrawal_accounts_one_bound on withdrawal_accounts (user_id) where unbound_at is null;

create table withdrawals (
  id bigserial primary key,
  order_no text generated always as ('W' || lpad(id::text, 10, '0')) stored unique,
  user_id bigint not null references users(id),
  withdrawal_account_id bigint not null references withdrawal_accounts(id),
  amount bigint not null check (amount > 0),
  fee bigint not null check (fee >= 0),
  status text not null default 'under_review'
    check (status in ('under_review', 'success', 'failed', 'cancelled')),
  reason text,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint references operators(id),
  constraint withdrawal_fee_below_amount check (fee < amount)
);

create index withdrawals_user on withdrawals (user_id, id);

create index withdrawals_status on withdrawals (status, id);
