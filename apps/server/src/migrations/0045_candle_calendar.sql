-- Half-hour and week candles (docs/decisions/0071-full-chart.md). Days and weeks start at midnight
-- (weeks on Monday) on the platform's clock, PLATFORM_TZ, which SQL does not know: at start the server
-- rebuilds them from the ticks whenever the zone they were built in is not the configured one, and
-- builds the new half-hour candles the same way the first time.
alter table candles drop constraint candles_period_check;
alter table candles add constraint candles_period_check
  check (period in ('1m', '5m', '15m', '30m', '1h', '1d', '1w'));

-- The zone the stored day and week candles follow; no row until the server first built them.
create table candle_calendar (
  only_row boolean primary key default true check (only_row),
  time_zone text not null
);
