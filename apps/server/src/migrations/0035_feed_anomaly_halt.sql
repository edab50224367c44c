-- The feed-anomaly halt. A tick that moves more than `spike_sigmas` times the product's recent
-- volatility, or (real markets) whose cited trades spread wider than `source_tolerance_bps` of their
-- median, is not recorded: the product goes into maintenance in the same transaction, and
-- `feed_anomalies` keeps what the source said and why it was refused. Unlike a halt for silent sources,
-- the feed never lifts it: an operator reopens the product (audited), which also restarts the
-- volatility window (`anomaly_window_from`) so the next tick is not judged against the stale one.
alter table products add column spike_sigmas smallint not null default 15
  check (spike_sigmas between 5 and 100);
alter table products add column source_tolerance_bps integer not null default 100
  check (source_tolerance_bps between 5 and 5000);
alter table products add column anomaly_window_from timestamptz;

create table feed_anomalies (
  id bigint generated always as identity primary key,
  symbol text not null references products(symbol),
  kind text not null check (kind in ('spike', 'disagreement')),
  -- The refused tick as the source gave it (its time is when the halt began), its price at the
  -- product's precision.
  tick_time timestamptz not null,
  price text not null check (price ~ '^[0-9]+(\.[0-9]+)?$'),
  -- The kind's figures: the last recorded price and the move in sigmas (spike), or each cited trade
  -- with the spread and the tolerance (disagreement).
  detail jsonb not null,
  -- In English, for the log and the audit trail; screens render `detail` in their own language.
  reason text not null
);
-- Settlement asks whether a contract's window holds one (trading/service.ts).
create index feed_anomalies_symbol_time on feed_anomalies (symbol, tick_time);

create trigger feed_anomalies_append_only before update or delete on feed_anomalies
  for each row execute function forbid_change();

create trigger feed_anomalies_no_truncate before truncate on feed_anomalies
  for each statement execute function forbid_change();

-- The anomaly a product is halted for; null once an operator sets its status.
alter table products add column halt_anomaly_id bigint references feed_anomalies(id);
alter table products add constraint product_anomaly_only_in_maintenance
  check (status = 'maintenance' or halt_anomaly_id is null);
