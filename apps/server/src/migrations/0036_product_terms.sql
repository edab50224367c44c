-- A product's published terms, one row per version (docs/decisions/0064-payout-terms-history.md):
-- its durations with their payout rates and its stake limits, and when that version took effect. The
-- version (products.payout_table_version, recorded on each contract) now moves with any change of the
-- durations, the rates or the stake limits, in the transaction that makes it, which writes the row here.
-- Rates live here and in product_durations only, keyed by product: there is no per-user rate.
create table product_terms (
  symbol text not null references products(symbol),
  version integer not null check (version >= 1),
  effective_from timestamptz not null,
  -- [{seconds, payoutRateBps}], by seconds.
  durations jsonb not null check (jsonb_typeof(durations) = 'array'),
  min_stake bigint not null check (min_stake > 0),
  max_stake bigint not null,
  -- Rebuilt from the audit log when this migration ran, rather than written by the change itself.
  reconstructed boolean not null default false,
  primary key (symbol, version),
  constraint product_terms_stake_range check (max_stake >= min_stake)
);

create trigger product_terms_append_only before update or delete on product_terms
  for each row execute function forbid_change();

create trigger product_terms_no_truncate before truncate on product_terms
  for each statement execute function forbid_change();

-- Versions 2 and later: each change that moved the version was audited with the table it made and the
-- stake limits in force at that moment.
insert into product_terms (symbol, version, effective_from, durations, min_stake, max_stake, reconstructed)
select distinct on (a.target_id, (a.detail -> 'after' ->> 'payoutTableVersion')::int)
  a.target_id, (a.detail -> 'after' ->> 'payoutTableVersion')::int, a.created_at,
  a.detail -> 'after' -> 'durations',
  ((a.detail -> 'after' ->> 'minStake')::numeric * 100)::bigint,
  ((a.detail -> 'after' ->> 'maxStake')::numeric * 100)::bigint, true
from audit_log a
join products p on p.symbol = a.target_id
where a.action = 'market.product.update'
  and (a.detail -> 'after' ->> 'payoutTableVersion')::int
    > (a.detail -> 'before' ->> 'payoutTableVersion')::int
order by a.target_id, (a.detail -> 'after' ->> 'payoutTableVersion')::int, a.created_at;

-- Version 1, from the product's creation: the table the first rate change replaced (today's where none
-- did), and the stake limits before the product's first audited change of any kind (today's where none).
insert into product_terms (symbol, version, effective_from, durations, min_stake, max_stake, reconstructed)
select p.symbol, 1, p.created_at,
  coalesce(first_rates.detail -> 'before' -> 'durations', current_table.durations),
  coalesce(((first_change.detail -> 'before' ->> 'minStake')::numeric * 100)::bigint, p.min_stake),
  coalesce(((first_change.detail -> 'before' ->> 'maxStake')::numeric * 100)::bigint, p.max_stake), true
from products p
cross join lateral (
  select coalesce(jsonb_agg(jsonb_build_object('seconds', d.seconds, 'payoutRateBps', d.payout_rate_bps)
    order by d.seconds), '[]'::jsonb) as durations
  from product_durations d where d.symbol = p.symbol) as current_table
left join lateral (
  select a.detail from audit_log a
  where a.action = 'market.product.update' and a.target_id = p.symbol
    and (a.detail -> 'before' ->> 'payoutTableVersion')::int = 1
    and (a.detail -> 'after' ->> 'payoutTableVersion')::int = 2
  order by a.created_at limit 1) as first_rates on true
left join lateral (
  select a.detail from audit_log a
  where a.action = 'market.product.update' and a.target_id = p.symbol
    and a.detail -> 'before' -> 'minStake' is not null
  order by a.created_at, a.id limit 1) as first_change on true;

-- Where today's terms are not those of the recorded current version (stake limits changed without a
-- version before this migration, or its change was not found in the audit log), today's terms become
-- the next version from now on, so a contract placed from here names a table that says what it got.
with current_terms as (
  select p.symbol, p.payout_table_version, p.min_stake, p.max_stake,
    (select coalesce(jsonb_agg(jsonb_build_object('seconds', d.seconds, 'payoutRateBps', d.payout_rate_bps)
       order by d.seconds), '[]'::jsonb)
     from product_durations d where d.symbol = p.symbol) as durations
  from products p
), stale as (
  select c.* from current_terms c
  left join product_terms t on t.symbol = c.symbol and t.version = c.payout_table_version
  where t.symbol is null or t.durations <> c.durations or t.min_stake <> c.min_stake
    or t.max_stake <> c.max_stake
), opened as (
  insert into product_terms (symbol, version, effective_from, durations, min_stake, max_stake, reconstructed)
  select s.symbol, greatest(s.payout_table_version + 1,
      (select max(version) + 1 from product_terms t where t.symbol = s.symbol)),
    now(), s.durations, s.min_stake, s.max_stake, true
  from stale s
  returning symbol, version
)
update products p set payout_table_version = o.version from opened o where o.symbol = p.symbol;

-- A product's durations, rates and stake limits are always those of its current version's row: checked
-- when the transaction that changes any of them commits, so none changes without a published version.
create function check_product_terms(product text) returns void language plpgsql as $$
    begin
      if exists (select 1 from products p where p.symbol = product and not exists (
          select 1 from product_terms t
          where t.symbol = p.symbol and t.version = p.payout_table_version
            and t.min_stake = p.min_stake and t.max_stake = p.max_stake
            and t.durations = (select coalesce(jsonb_agg(jsonb_build_object('seconds', d.seconds,
                                 'payoutRateBps', d.payout_rate_bps) order by d.seconds), '[]'::jsonb)
                               from product_durations d where d.symbol = p.symbol))) then
        raise exception 'product % differs from its published terms', product using errcode = 'P0001';
      end if;
    end $$;

create function require_product_terms() returns trigger language plpgsql as $$
    begin
      perform check_product_terms(case when tg_op = 'DELETE' then old.symbol else new.symbol end);
      return null;
    end $$;

create constraint trigger products_terms_published
  after insert or update of payout_table_version, min_stake, max_stake on products
  deferrable initially deferred
  for each row execute function require_product_terms();

create constraint trigger product_durations_terms_published
  after insert or update or delete on product_durations
  deferrable initially deferred
  for each row execute function require_product_terms();

-- What users got back per 100 staked on each product and duration (docs/decisions/0064), one set per
-- platform day: the contracts settled in the 90 platform days before it. Written once by whichever
-- process computes it first and never changed, like the risk warning's figure (0024).
create table realized_return_days (
  computed_on date primary key,
  computed_at timestamptz not null
);

create table realized_returns (
  computed_on date not null references realized_return_days(computed_on),
  symbol text not null references products(symbol),
  duration_seconds integer not null check (duration_seconds > 0),
  contracts integer not null check (contracts > 0),
  staked bigint not null check (staked > 0),
  returned bigint not null check (returned >= 0),
  primary key (computed_on, symbol, duration_seconds)
);

create trigger realized_return_days_append_only before update or delete on realized_return_days
  for each row execute function forbid_change();

create trigger realized_returns_append_only before update or delete on realized_returns
  for each row execute function forbid_change();
