-- Ticks keep one hash, as 32 bytes. prev_hash is gone: it was always the previous tick's hash (the
-- genesis hash, 64 zeros, for seq 1), so the chain trigger reads it from the predecessor instead. The
-- wire does not change: hashes and previous hashes are still served as lowercase hex.
--
-- Before the column goes, every tick's prev_hash is held against its predecessor's hash: a chain broken
-- before this migration (by hand, past the triggers) stops it here rather than being hidden by it.

do $$
    declare
      broken record;
    begin
      select t.symbol, t.seq into broken
      from ticks t
      left join ticks p on p.symbol = t.symbol and p.seq = t.seq - 1
      where t.prev_hash is distinct from (case when t.seq = 1 then repeat('0', 64) else p.hash end)
      order by t.symbol, t.seq
      limit 1;
      if found then
        raise exception 'tick % of % does not continue its chain: prev_hash is not the hash before it',
          broken.seq, broken.symbol using errcode = '23514';
      end if;
    end $$;

-- One rewrite of the table; the primary key tick_citations references is untouched.
alter table ticks
  drop constraint ticks_hash_check,
  alter column hash type bytea using decode(hash, 'hex'),
  add constraint ticks_hash_check check (length(hash) = 32),
  drop column prev_hash;

-- Checks each new tick against its predecessor and recomputes its hash exactly as served
-- (market/hash.ts): previous hash in hex|symbol|seq|ISO time with milliseconds|price at the product's
-- precision, the previous hash being the predecessor's (the genesis hash for seq 1).
create or replace function tick_continues_chain() returns trigger language plpgsql as $$
    declare
      previous record;
      prev_hex text;
      digits integer;
      scale bigint;
      price_text text;
      expected bytea;
    begin
      if new.seq = 1 then
        prev_hex := repeat('0', 64);
      else
        select t.hash, t.time into previous from ticks t where t.symbol = new.symbol and t.seq = new.seq - 1;
        if not found then
          raise exception 'tick % of % does not continue its chain', new.seq, new.symbol using errcode = '23514';
        end if;
        if new.time < previous.time then
          raise exception 'tick % of % is older than the tick before it', new.seq, new.symbol using errcode = '23514';
        end if;
        prev_hex := encode(previous.hash, 'hex');
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
