-- Real exchange feeds. A product is priced either by the simulator or by the median of the latest trades
-- of the exchange markets listed here (product_feed_sources, set by operators); `min_live_sources` is how
-- many must be live for a tick. When too few are, the feed puts the product into maintenance and names
-- the silent sources in `halt_silent_sources` (null when an operator, not the feed, set the
-- maintenance), and lifts only a maintenance it set itself.
alter table products add column min_live_sources smallint not null default 2
  check (min_live_sources between 1 and 10);
alter table products add column halt_silent_sources text;
alter table products add constraint product_halt_only_in_maintenance
  check (status = 'maintenance' or halt_silent_sources is null);

create table product_feed_sources (
  symbol text not null references products(symbol),
  position smallint not null check (position between 0 and 9),
  exchange text not null check (exchange in ('binance', 'okx')),
  instrument text not null check (instrument ~ '^[A-Za-z0-9-]{2,32}$'),
  primary key (symbol, position),
  unique (symbol, exchange, instrument)
);

-- The trades each real-market tick cites, stored with it and, like it, never changed: anyone can hold
-- a tick's price against the exchanges' own trade records.
create table tick_citations (
  symbol text not null,
  seq bigint not null,
  position smallint not null check (position between 0 and 9),
  exchange text not null,
  instrument text not null,
  trade_id text not null,
  price text not null check (price ~ '^[0-9]+(\.[0-9]+)?$'),
  trade_time timestamptz not null,
  primary key (symbol, seq, position),
  foreign key (symbol, seq) references ticks(symbol, seq)
);

create trigger tick_citations_append_only before update or delete on tick_citations
  for each row execute function forbid_change();

create trigger tick_citations_no_truncate before truncate on tick_citations
  for each statement execute function forbid_change();
