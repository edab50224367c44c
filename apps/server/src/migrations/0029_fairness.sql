-- The synthetic markets' commitment (docs/fairness.md): a chain of seeds whose anchor s_0 is published
-- before any of its epochs plays, and the epochs, each with its opening prices and, once it has ended,
-- its seed. The secret s_N is never stored: only the feed leader's process holds it.
--
-- The database keeps the commitment: a chain never changes once recorded, an epoch row is never
-- removed, its opening prices never change, and its seed is written once, and only if it hashes down
-- to the chain's anchor in exactly `epoch_index` steps.

create table fairness_chains (
  id bigint generated always as identity primary key,
  anchor text not null unique check (anchor ~ '^[0-9a-f]{64}$'),
  algorithm text not null,
  epoch_ms integer not null check (epoch_ms > 0),
  tick_ms integer not null check (tick_ms > 0),
  starts_at timestamptz not null,
  chain_length integer not null check (chain_length >= 1),
  -- [{symbol, precision, volumePrecision, stepVolatilityPpm, meanVolume, openingPrice}], scaled integers as text.
  products jsonb not null check (jsonb_typeof(products) = 'array'),
  created_at timestamptz not null default now(),
  constraint fairness_chain_whole_ticks check (epoch_ms % tick_ms = 0),
  constraint fairness_chain_aligned check (
    (extract(epoch from starts_at) * 1000)::bigint % epoch_ms = 0)
);

-- Two chains never play at once: a successor starts where its predecessor ends.
create unique index fairness_chains_start on fairness_chains (starts_at);

create trigger fairness_chains_fixed before update or delete on fairness_chains
  for each row execute function forbid_change();

create table fairness_epochs (
  chain_id bigint not null references fairness_chains(id),
  epoch_index integer not null check (epoch_index >= 1),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  seed text check (seed ~ '^[0-9a-f]{64}$'),
  -- {symbol: opening price, scaled, as text}
  openings jsonb not null check (jsonb_typeof(openings) = 'object'),
  primary key (chain_id, epoch_index),
  constraint fairness_epoch_span check (ends_at > starts_at)
);

create function fairness_epoch_reveal() returns trigger language plpgsql as $$
    declare
      current bytea;
      chain record;
      earlier record;
    begin
      select c.anchor, c.starts_at, c.epoch_ms, c.chain_length into chain from fairness_chains c where c.id = new.chain_id;
      if tg_op = 'INSERT' and (new.epoch_index > chain.chain_length
        or new.starts_at <> chain.starts_at + ((new.epoch_index - 1)::bigint * chain.epoch_ms) * interval '1 millisecond'
        or new.ends_at <> new.starts_at + chain.epoch_ms * interval '1 millisecond') then
        raise exception 'epoch % is not in its chain''s place', new.epoch_index using errcode = '23514';
      end if;
      if tg_op = 'UPDATE' then
        if new.chain_id <> old.chain_id or new.epoch_index <> old.epoch_index or new.starts_at <> old.starts_at
          or new.ends_at <> old.ends_at or new.openings <> old.openings then
          raise exception 'an epoch keeps its place and its openings' using errcode = 'P0001';
        end if;
        if old.seed is not null then
          if new.seed is distinct from old.seed then
            raise exception 'epoch % already has its seed', old.epoch_index using errcode = 'P0001';
          end if;
          return new;
        end if;
      end if;
      if new.seed is null then
        return new;
      end if;
      -- Down to the nearest earlier seed already stored (itself checked when stored), else to the anchor.
      select e.epoch_index, e.seed into earlier from fairness_epochs e
        where e.chain_id = new.chain_id and e.epoch_index < new.epoch_index and e.seed is not null
        order by e.epoch_index desc limit 1;
      current := decode(new.seed, 'hex');
      for step in 1..(new.epoch_index - coalesce(earlier.epoch_index, 0)) loop
        current := sha256(current);
      end loop;
      if encode(current, 'hex') <> coalesce(earlier.seed, chain.anchor) then
        raise exception 'the seed of epoch % does not lead to the anchor', new.epoch_index using errcode = '23514';
      end if;
      return new;
    end $$;

create trigger fairness_epochs_reveal before insert or update on fairness_epochs
  for each row execute function fairness_epoch_reveal();

create trigger fairness_epochs_kept before delete on fairness_epochs
  for each row execute function forbid_change();

create trigger fairness_chains_no_truncate before truncate on fairness_chains
  for each statement execute function forbid_change();

create trigger fairness_epochs_no_truncate before truncate on fairness_epochs
  for each statement execute function forbid_change();
