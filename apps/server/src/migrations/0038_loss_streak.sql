-- The loss-streak pause (ARCHITECTURE §5): a limit of losses in a row, and when the user last chose to
-- go on after one, so that only losses after that start a new streak.
alter table trading_limits add column loss_streak_acknowledged_at timestamptz;

alter table limit_values drop constraint limit_values_kind_check;
alter table limit_values add constraint limit_values_kind_check check (kind in ('deposit_day', 'deposit_7d',
  'deposit_30d', 'stake_day', 'stake_7d', 'stake_30d', 'loss_day', 'loss_7d', 'loss_30d', 'open_positions',
  'reminder_minutes', 'loss_streak'));

alter table limit_changes drop constraint limit_changes_kind_check;
alter table limit_changes add constraint limit_changes_kind_check check (kind in ('deposit_day', 'deposit_7d',
  'deposit_30d', 'stake_day', 'stake_7d', 'stake_30d', 'loss_day', 'loss_7d', 'loss_30d', 'open_positions',
  'reminder_minutes', 'loss_streak', 'time_out', 'self_exclusion'));

-- The streak reads a user's latest closed contracts, newest first.
create index contracts_user_settled on contracts (user_id, settled_at desc, id desc) where settled_at is not null;
