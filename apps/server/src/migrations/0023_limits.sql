-- Responsible trading (ARCHITECTURE §5): limits users set on themselves, and breaks they take.
-- A user's row in trading_limits is what their orders, deposits and moves into savings lock while the
-- limits are checked, so two at once never both pass a limit one of them alone would reach.

create table trading_limits (
  user_id bigint primary key references users(id),
  -- A time-out or self-exclusion: trading, deposits and savings moves in are refused until it ends,
  -- and nobody can end it early.
  break_kind text check (break_kind in ('time_out', 'self_exclusion')),
  break_until timestamptz,
  updated_at timestamptz not null,
  check ((break_kind is null) = (break_until is null))
);

-- One row per limit a user set. `value` is in force (minor units for money, a count for positions and
-- minutes; null: none); a loosening or removal waits in `pending_value` until `pending_at`, 24 hours
-- after it was asked for, and counts from then on without anything having to run.
create table limit_values (
  user_id bigint not null references trading_limits(user_id),
  kind text not null check (kind in ('deposit_day', 'deposit_7d', 'deposit_30d', 'stake_day', 'stake_7d',
    'stake_30d', 'loss_day', 'loss_7d', 'loss_30d', 'open_positions', 'reminder_minutes')),
  value bigint check (value > 0),
  pending_value bigint check (pending_value > 0),
  pending_at timestamptz,
  primary key (user_id, kind),
  check (pending_at is not null or pending_value is null)
);

-- Every change asked for, as the console's history shows it. Rows are never deleted; a cancelled
-- loosening is marked cancelled, once.
create table limit_changes (
  id bigserial primary key,
  user_id bigint not null references users(id),
  kind text not null check (kind in ('deposit_day', 'deposit_7d', 'deposit_30d', 'stake_day', 'stake_7d',
    'stake_30d', 'loss_day', 'loss_7d', 'loss_30d', 'open_positions', 'reminder_minutes', 'time_out',
    'self_exclusion')),
  from_value bigint,
  to_value bigint,
  -- A break's end.
  break_until timestamptz,
  requested_at timestamptz not null,
  applies_at timestamptz not null,
  cancelled_at timestamptz
);

create index limit_changes_user on limit_changes (user_id, id desc);

create function guard_limit_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      raise exception 'limit changes are kept';
    end if;
    if old.cancelled_at is not null or new.cancelled_at is null
      or (new.id, new.user_id, new.kind, new.from_value, new.to_value, new.break_until, new.requested_at,
          new.applies_at) is distinct from
         (old.id, old.user_id, old.kind, old.from_value, old.to_value, old.break_until, old.requested_at,
          old.applies_at) then
      raise exception 'a limit change can only be cancelled, once';
    end if;
    return new;
  end $$;

create trigger limit_changes_kept before update or delete on limit_changes
  for each row execute function guard_limit_change();

-- Stakes and losses per period are read from a user's contracts of the last 30 days.
create index contracts_user_accepted on contracts (user_id, accepted_at);
