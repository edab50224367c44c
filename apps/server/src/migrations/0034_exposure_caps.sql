-- Exposure caps (docs/decisions/0062-exposure-caps.md): the most the house may owe, if a side wins, on
-- a product's open contracts of one direction, and on one user's open contracts of a product. A null
-- cap is no cap. They refuse new orders only: nothing here refers to a contract.
create table trading_exposure_caps (
  symbol text primary key references products (symbol),
  up_payout bigint check (up_payout >= 0),
  down_payout bigint check (down_payout >= 0),
  user_payout bigint check (user_payout >= 0),
  updated_at timestamptz not null
);

-- The running totals of what open contracts would pay if their side won (stake × (1 + rate), rounded
-- down): what placement added, and what settlement (a win, loss, draw or void alike) took off, in the
-- same statements as the money moves. Open exposure = placed − released. Two tables, as with the
-- quarter-hour totals (0026), so that placement and settlement never wait for each other's rows:
-- placement locks its rows before a user's accounts, settlement its rows after them.
create table trading_exposure_placed (
  symbol text not null,
  direction text not null check (direction in ('up', 'down')),
  payout bigint not null check (payout >= 0),
  primary key (symbol, direction)
);

create table trading_exposure_released (
  symbol text not null,
  direction text not null check (direction in ('up', 'down')),
  payout bigint not null check (payout >= 0),
  primary key (symbol, direction)
);

create table trading_user_exposure_placed (
  user_id bigint not null,
  symbol text not null,
  payout bigint not null check (payout >= 0),
  primary key (user_id, symbol)
);

create table trading_user_exposure_released (
  user_id bigint not null,
  symbol text not null,
  payout bigint not null check (payout >= 0),
  primary key (user_id, symbol)
);

-- Contracts open now start the totals; closed ones never counted.
insert into trading_exposure_placed (symbol, direction, payout)
select symbol, direction, sum(stake * (10000 + payout_rate_bps) / 10000)
from contracts where status in ('pending', 'open') group by 1, 2;

insert into trading_user_exposure_placed (user_id, symbol, payout)
select user_id, symbol, sum(stake * (10000 + payout_rate_bps) / 10000)
from contracts where status in ('pending', 'open') group by 1, 2;
