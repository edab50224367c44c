-- Yu'ebao (ARCHITECTURE §5, Savings). Shares live in the ledger (savings_pending, savings_confirmed);
-- these tables hold what the ledger does not: the rate's history, each saver's progress through the
-- days, the lots waiting for confirmation, and one row per saver and day that proves the day was paid.

-- The annual rate in parts per million, by the first day it applies to. A day's rate is the row with
-- the latest effective_from on or before it; a change is only accepted for a future day, so income
-- already earned never changes.
create table savings_rates (
  effective_from date primary key,
  annual_rate_ppm integer not null check (annual_rate_ppm between 0 and 360000),
  set_by bigint references operators(id),
  created_at timestamptz not null default now()
);

insert into savings_rates (effective_from, annual_rate_ppm) values ('2000-01-01', 20000);

-- One row per user who ever moved money in. accrued_through: the last day this saver's income has
-- been paid for (or found to be nothing). The accrual job claims savers behind yesterday, oldest day
-- first, and moves each one day further per claim; a saver's own move does the same for them first.
-- Holding this row's lock is what allows a writer to move the saver's savings accounts.
create table savers (
  user_id bigint primary key references users(id),
  accrued_through date not null,
  income_total bigint not null default 0 check (income_total >= 0),
  -- Today's moves, counted under the row's lock: a count from an earlier day is reset by the next move.
  moves_on date,
  moves_in integer not null default 0 check (moves_in >= 0),
  moves_out integer not null default 0 check (moves_out >= 0),
  created_at timestamptz not null
);

create index savers_accrual on savers (accrued_through, user_id);

-- A move in waits here until its day of confirmation. A move out takes from `remaining` (the lots
-- confirming last first) before it takes confirmed shares. The sum of a saver's unconfirmed remaining
-- amounts is their savings_pending balance.
create table savings_lots (
  id bigserial primary key,
  user_id bigint not null references users(id),
  posting_id bigint not null references postings(id),
  amount bigint not null check (amount > 0),
  remaining bigint not null check (remaining >= 0 and remaining <= amount),
  moved_in_at timestamptz not null,
  confirms_on date not null,
  confirmed_at timestamptz
);

create index savings_lots_waiting on savings_lots (user_id, confirms_on) where confirmed_at is null and remaining > 0;

create index savings_lots_posting on savings_lots (posting_id);

-- One row per saver and day with confirmed shares: the day's income, paid exactly once (the primary
-- key refuses a second). Written by the accrual job and never changed.
create table savings_accruals (
  user_id bigint not null references savers(user_id),
  day date not null,
  shares bigint not null check (shares > 0),
  annual_rate_ppm integer not null,
  income bigint not null check (income >= 0),
  posting_id bigint references postings(id),
  created_at timestamptz not null,
  primary key (user_id, day)
);

create trigger savings_accruals_append_only before update or delete on savings_accruals
  for each row execute function forbid_change();

create trigger savings_accruals_no_truncate before truncate on savings_accruals
  for each statement execute function forbid_change();

-- What each accrual batch paid for a day: the console's income per day, without summing a million
-- rows per day. Appended, never changed.
create table savings_accrual_batches (
  id bigserial primary key,
  day date not null,
  savers integer not null,
  income bigint not null,
  created_at timestamptz not null
);

create index savings_accrual_batches_day on savings_accrual_batches (day);

create trigger savings_accrual_batches_append_only before update or delete on savings_accrual_batches
  for each row execute function forbid_change();
