-- Hardening: sign-in failures counted per account name (known or not, so both answers cost the same
-- write), the review threshold a deposit was created under, and changes of a control that wait for a
-- second admin.

create table sign_in_failures (
  realm text not null check (realm in ('user', 'operator')),
  name text not null,
  failures integer not null check (failures > 0),
  throttled_until timestamptz,
  updated_at timestamptz not null,
  primary key (realm, name)
);

-- Failures counted so far carry over, so an upgrade lifts no throttle.
insert into sign_in_failures (realm, name, failures, throttled_until, updated_at)
  select 'user', lower(account), failed_logins, throttled_until, now() from users where failed_logins > 0;

insert into sign_in_failures (realm, name, failures, throttled_until, updated_at)
  select 'operator', lower(username), failed_logins, throttled_until, now() from operators where failed_logins > 0;

alter table users drop column failed_logins, drop column throttled_until;

alter table operators drop column failed_logins, drop column throttled_until;

alter table deposits add column second_approval_above bigint;

-- Deposits already waiting keep the threshold in force when they were made: the cashier's setting (in
-- major units), or 10000.00 where none was saved.
update deposits set second_approval_above = coalesce(
  (select round((value->>'depositSecondApprovalAbove')::numeric * 100)::bigint
     from settings where key = 'cashier'),
  1000000);

alter table deposits alter column second_approval_above set not null;

alter table deposits add constraint deposit_threshold_not_negative check (second_approval_above >= 0);

create table control_changes (
  id bigserial primary key,
  subject text not null,
  base jsonb not null,
  proposed jsonb not null,
  weakens text[] not null,
  proposed_by bigint not null references operators(id),
  proposed_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_by bigint references operators(id),
  decided_at timestamptz,
  reason text,
  constraint control_change_needs_another_operator check (decided_by is null or decided_by <> proposed_by),
  constraint control_change_decided check ((status = 'pending') = (decided_at is null))
);

create index control_changes_pending on control_changes (subject, id) where status = 'pending';
