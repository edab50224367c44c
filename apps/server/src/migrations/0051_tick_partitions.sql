-- Ticks partitioned by product, then by calendar month in UTC (decision 0082): ticks_<code> holds one
-- product's ticks (its code is its symbol's letters and digits, lower case, unique by products_code),
-- ticks_<code>_YYYY_MM one month of them and ticks_<code>_default whatever falls in no month made. Each
-- month has a unique index on seq and a BRIN index on time, and its own truncate trigger (a partition's
-- TRUNCATE does not fire its parent's). A month is what archives export and detach.
--
-- No key spans the partitions (PostgreSQL's unique indexes on a partitioned table must include its
-- partition keys): a product's seq stays unique because its one writer holds the product's row lock and
-- the chain trigger accepts only the tick after the product's latest. tick_citations loses its foreign
-- key to the ticks for the same reason; its rows are written in their tick's transaction. The ticks
-- lose theirs to the products too: a tick can only land in its product's partition, made when the
-- product is (and products are never deleted), while the key would make every new partition lock the
-- products table, and a product written at that moment would deadlock with it.

alter table tick_citations drop constraint tick_citations_symbol_seq_fkey;

alter table ticks rename to ticks_unpartitioned;

create table ticks (
  symbol text not null,
  seq bigint not null,
  time timestamptz not null,
  price bigint not null,
  volume bigint not null,
  hash bytea not null,
  constraint ticks_hash_check check (length(hash) = 32),
  constraint ticks_price_check check (price > 0),
  constraint ticks_seq_check check (seq >= 1),
  constraint ticks_time_check check (date_trunc('milliseconds', time) = time),
  constraint ticks_volume_check check (volume >= 0)
) partition by list (symbol);

-- The partition holding a product's ticks.
create function tick_partition(product text) returns text language sql immutable as $$
    select 'ticks_' || lower(regexp_replace(product, '[^A-Za-z0-9]', '', 'g'))
  $$;

-- What every partition that holds rows carries: the index by seq the chain and the readers use, a BRIN
-- index by time (ticks arrive in time order, so 16 pages' minimum and maximum are tight: a time range
-- reads a few pages more than it needs and the index costs almost nothing), and its truncate guard.
-- A BRIN index only describes the page ranges it has summarized and returns every other page: ranges
-- are summarized by autovacuum on PostgreSQL (autosummarize) and, on both databases, by the server's
-- job (summarize_tick_partitions) every minute.
create function seal_tick_partition(leaf text) returns void language plpgsql as $$
    begin
      execute format('create unique index %I on %I (seq)', leaf || '_seq', leaf);
      execute format('create index %I on %I using brin (time) with (pages_per_range = 16, autosummarize = on)',
        leaf || '_time', leaf);
      execute format('create trigger %I before truncate on %I for each statement execute function forbid_change()',
        leaf || '_no_truncate', leaf);
    end $$;

-- Makes the month (UTC) holding `moment` for a product, unless it exists, or unless ticks of that month are
-- already in the product's default partition (a month cannot be made over them; they stay there,
-- found and verified like any other). Returns whether it made the month. Serialised by an advisory lock,
-- since every server process runs the job that makes months ahead.
create function make_tick_month(product text, moment timestamptz) returns boolean language plpgsql as $$
    declare
      parent text := tick_partition(product);
      month_start timestamp := date_trunc('month', moment at time zone 'UTC');
      starts timestamptz := month_start at time zone 'UTC';
      ends timestamptz := (month_start + interval '1 month') at time zone 'UTC';
      leaf text := parent || '_' || to_char(month_start, 'YYYY_MM');
      taken boolean;
    begin
      perform pg_advisory_xact_lock(hashtext('tick partitions'));
      if to_regclass(format('%I', leaf)) is not null then
        return false;
      end if;
      execute format('select exists (select 1 from %I where time >= %L and time < %L)', parent || '_default', starts, ends)
        into taken;
      if taken then
        return false;
      end if;
      execute format('create table %I partition of %I for values from (%L) to (%L)', leaf, parent, starts, ends);
      perform seal_tick_partition(leaf);
      return true;
    end $$;

-- Makes a product's partition and its default, if missing, and the months of `moment` and the next.
-- Returns how many months it made.
create function make_tick_partitions(product text, moment timestamptz) returns integer language plpgsql as $$
    declare
      parent text := tick_partition(product);
      made integer := 0;
    begin
      perform pg_advisory_xact_lock(hashtext('tick partitions'));
      if to_regclass(format('%I', parent)) is null then
        execute format('create table %I partition of ticks for values in (%L) partition by range (time)', parent, product);
        execute format('create trigger %I before truncate on %I for each statement execute function forbid_change()',
          parent || '_no_truncate', parent);
        execute format('create table %I partition of %I default', parent || '_default', parent);
        perform seal_tick_partition(parent || '_default');
      end if;
      if make_tick_month(product, moment) then
        made := made + 1;
      end if;
      if make_tick_month(product, (date_trunc('month', moment at time zone 'UTC') + interval '1 month') at time zone 'UTC') then
        made := made + 1;
      end if;
      return made;
    end $$;

-- Summarizes the BRIN time index of a product's default partition and of its months from the one holding
-- `since` on, the only ones that may have taken ticks lately. Returns how many page ranges it summarized.
create function summarize_tick_partitions(product text, since timestamptz) returns integer language plpgsql as $$
    declare
      parent text := tick_partition(product);
      leaf text;
      summarized integer := 0;
    begin
      for leaf in
        select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass(format('%I', parent))
          and (c.relname = parent || '_default'
            or c.relname >= parent || '_' || to_char(since at time zone 'UTC', 'YYYY_MM'))
        order by c.relname
      loop
        summarized := summarized + brin_summarize_new_values(format('%I', leaf || '_time')::regclass);
      end loop;
      return summarized;
    end $$;

create function product_tick_partitions() returns trigger language plpgsql as $$
    begin
      perform make_tick_partitions(new.symbol, now());
      return null;
    end $$;

create trigger products_tick_partitions after insert on products
  for each row execute function product_tick_partitions();

-- Every product's partitions, and a month for each month its ticks span.
do $$
    declare
      product record;
      month_start timestamp;
    begin
      for product in
        select p.symbol, (select min(t.time) from ticks_unpartitioned t where t.symbol = p.symbol) as oldest,
          (select max(t.time) from ticks_unpartitioned t where t.symbol = p.symbol) as newest
        from products p
      loop
        perform make_tick_partitions(product.symbol, now());
        if product.oldest is not null then
          for month_start in
            select generate_series(date_trunc('month', product.oldest at time zone 'UTC'),
              date_trunc('month', product.newest at time zone 'UTC'), interval '1 month')
          loop
            perform make_tick_month(product.symbol, month_start at time zone 'UTC');
          end loop;
        end if;
      end loop;
    end $$;

-- The rows move before the triggers exist: they were checked as they were written, and 0050 held every
-- hash against its predecessor's. The count is held against the old table before it goes.
insert into ticks (symbol, seq, time, price, volume, hash)
select symbol, seq, time, price, volume, hash from ticks_unpartitioned;

do $$
    declare
      moved bigint;
      kept bigint;
    begin
      select count(*) into moved from ticks;
      select count(*) into kept from ticks_unpartitioned;
      if moved <> kept then
        raise exception 'moving the ticks into partitions kept % of % ticks', moved, kept;
      end if;
    end $$;

drop table ticks_unpartitioned;

select summarize_tick_partitions(symbol, '0001-01-01T00:00:00Z') from products;

-- As before 0051, and now also refusing a tick whose seq is taken (no key spans the partitions): a new
-- tick must follow the product's latest, whose stored hash it continues.
create or replace function tick_continues_chain() returns trigger language plpgsql as $$
    declare
      latest record;
      prev_hex text;
      digits integer;
      scale bigint;
      price_text text;
      expected bytea;
    begin
      select t.seq, t.hash, t.time into latest from ticks t where t.symbol = new.symbol order by t.seq desc limit 1;
      if new.seq = 1 and not found then
        prev_hex := repeat('0', 64);
      else
        if not found or latest.seq <> new.seq - 1 then
          raise exception 'tick % of % does not continue its chain', new.seq, new.symbol using errcode = '23514';
        end if;
        if new.time < latest.time then
          raise exception 'tick % of % is older than the tick before it', new.seq, new.symbol using errcode = '23514';
        end if;
        prev_hex := encode(latest.hash, 'hex');
      end if;
      select p.price_precision into digits from products p where p.symbol = new.symbol;
      scale := power(10::numeric, digits)::bigint;
      price_text := case when digits = 0 then new.price::text
        else (new.price / scale)::text || '.' || lpad((new.price % scale)::text, digits, '0') end;
      expected := sha256(convert_to(prev_hex || '|' || new.symbol || '|' || new.seq::text || '|'
        || to_char(new.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '|' || price_text, 'UTF8'));
      if new.hash <> expected then
        raise exception 'tick % of % has a wrong hash', new.seq, new.symbol using errcode = '23514';
      end if;
      return new;
    end $$;

create trigger ticks_append_only before delete or update on ticks for each row execute function forbid_change();
create trigger ticks_chain before insert on ticks for each row execute function tick_continues_chain();
create trigger ticks_no_truncate before truncate on ticks for each statement execute function forbid_change();
