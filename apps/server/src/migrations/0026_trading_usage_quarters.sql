-- What each user's contracts add up to, per quarter hour of their acceptance, so that judging an order by
-- the user's limits reads at most one row per active quarter hour instead of every contract of the last
-- 30 days (a busy user's sums had grown with each contract of the day). Quarter hours because every
-- time zone's midnight falls on one, so a platform day of any PLATFORM_TZ is a whole number of them.
--
-- Two tables, so that placement and settlement never wait for each other's rows: placement adds what it
-- stakes to the first, settlement what it pays back and closes to the second — the latter only for users
-- with limits (a trading_limits row), the only ones judged by them, so that settling an expiry second's
-- contracts writes no more than it must; the first limit a user sets fills in their past. No foreign
-- key to users: every row sums contracts, whose key already holds, and a key check would lock each
-- user's row once more per batch on the money paths.
create function quarter_of(at timestamptz) returns timestamptz language sql immutable parallel safe
  return date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00');

create table trading_placed_quarters (
  user_id bigint not null,
  quarter_from timestamptz not null,
  staked bigint not null check (staked >= 0),
  placed integer not null check (placed >= 0),
  primary key (user_id, quarter_from)
);

create table trading_closed_quarters (
  user_id bigint not null,
  quarter_from timestamptz not null,
  returned bigint not null check (returned >= 0),
  voided bigint not null check (voided >= 0),
  closed integer not null check (closed >= 0),
  primary key (user_id, quarter_from)
);

insert into trading_placed_quarters (user_id, quarter_from, staked, placed)
select user_id, quarter_of(accepted_at), sum(stake), count(*)
from contracts group by 1, 2;

insert into trading_closed_quarters (user_id, quarter_from, returned, voided, closed)
select user_id, quarter_of(accepted_at), sum(payout),
  coalesce(sum(stake) filter (where status = 'void'), 0), count(*)
from contracts where status in ('settled', 'void') and user_id in (select user_id from trading_limits)
group by 1, 2;
