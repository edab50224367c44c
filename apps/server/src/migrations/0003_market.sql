-- Products, their durations, the hash-chained ticks and the candles derived from them. The catalogue's
-- rows are seeded at start (seedCatalogue), not here, so this stays the same however the catalogue
-- grows.
--
-- The database itself keeps the market fair: ticks can only be appended, each must continue its
-- product's chain (seq + 1, prev_hash = the previous hash, time not going back) with the right hash,
-- and a product's precision (part of what is hashed) never changes.

create table products (
  symbol text primary key check (symbol ~ '^[A-Z0-9]{2,12}(/[A-Z0-9]{2,12})?$'),
  category text not null check (category in ('crypto', 'fx', 'metal', 'index')),
  names jsonb not null,
  price_precision smallint not null check (price_precision between 0 and 8),
  volume_precision smallint not null check (volume_precision between 0 and 8),
  schedule text not null check (schedule in ('always', 'fx_week')),
  status text not null default 'open' check (status in ('open', 'maintenance')),
  reopens_at timestamptz,
  min_stake bigint not null check (min_stake > 0),
  max_stake bigint not null,
  source text not null default 'simulated',
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint product_stake_range check (max_stake >= min_stake),
  constraint product_reopening_only_in_maintenance check (status = 'maintenance' or reopens_at is null)
);

-- "BTC/USDT", "btcusdt" and "BTC-USDT" name one product, so no two may share their letters and digits.
create unique index products_code on products (upper(regexp_replace(symbol, '[^A-Za-z0-9]', '', 'g')));

create function guard_product_change() returns trigger language plpgsql as $$
    begin
      if new.symbol is distinct from old.symbol or new.price_precision is distinct from old.price_precision
        or new.volume_precision is distinct from old.volume_precision then
        raise exception 'a product keeps its symbol and precision' using errcode = 'P0001';
      end if;
      return new;
    end $$;

create trigger products_guard before update on products
  for each row execute function guard_product_change();

create trigger products_no_delete before delete on products
  for each row execute function forbid_change();

create table product_durations (
  symbol text not null references products(symbol),
  seconds integer not null check (seconds > 0),
  payout_rate_bps integer not null check (payout_rate_bps between 1 and 100000),
  primary key (symbol, seconds)
);

create table ticks (
  symbol text not null references products(symbol),
  seq bigint not null check (seq >= 1),
  time timestamptz not null check (date_trunc('milliseconds', time) = time),
  price bigint not null check (price > 0),
  volume bigint not null check (volume >= 0),
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  primary key (symbol, seq)
);

create index ticks_symbol_time on ticks (symbol, time);

-- Checks each new tick against its predecessor and recomputes its hash exactly as served
-- (market/hash.ts): prev_hash|symbol|seq|ISO time with milliseconds|price at the product's precision.
create function tick_continues_chain() returns trigger language plpgsql as $$
    declare
      previous record;
      digits integer;
      scale bigint;
      price_text text;
      expected text;
    begin
      if new.seq = 1 then
        if new.prev_hash <> repeat('0', 64) then
          raise exception 'tick 1 of % must start from the genesis hash', new.symbol using errcode = '23514';
        end if;
      else
        select t.hash, t.time into previous from ticks t where t.symbol = new.symbol and t.seq = new.seq - 1;
        if not found or previous.hash <> new.prev_hash then
          raise exception 'tick % of % does not continue its chain', new.seq, new.symbol using errcode = '23514';
        end if;
        if new.time < previous.time then
          raise exception 'tick % of % is older than the tick before it', new.seq, new.symbol using errcode = '23514';
        end if;
      end if;
      select p.price_precision into digits from products p where p.symbol = new.symbol;
      scale := power(10::numeric, digits)::bigint;
      price_text := case when digits = 0 then new.price::text
        else (new.price / scale)::text || '.' || lpad((new.price % scale)::text, digits, '0') end;
      expected := encode(sha256(convert_to(new.prev_hash || '|' || new.symbol || '|' || new.seq::text || '|'
        || to_char(new.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '|' || price_text, 'UTF8')), 'hex');
      if new.hash <> expected then
        raise exception 'tick % of % has a wrong hash', new.seq, new.symbol using errcode = '23514';
      end if;
      return new;
    end $$;

create trigger ticks_chain before insert on ticks
  for each row execute function tick_continues_chain();

create trigger ticks_append_only before update or delete on ticks
  for each row execute function forbid_change();

create trigger ticks_no_truncate before truncate on ticks
  for each statement execute function forbid_change();

-- Derived from ticks in the same transaction; rebuildable, so not append-only.
create table candles (
  symbol text not null references products(symbol),
  period text not null check (period in ('1m', '5m', '15m', '1h', '1d')),
  bucket_start timestamptz not null,
  open bigint not null,
  high bigint not null,
  low bigint not null,
  close bigint not null,
  volume bigint not null,
  amount numeric(40, 0) not null,
  tick_count integer not null,
  first_seq bigint not null,
  last_seq bigint not null,
  primary key (symbol, period, bucket_start)
);
