-- Every withdrawal's timeline: each state change it went through, with its time, written in the same
-- transaction as the change and never changed afterwards. A kind happens at most once per withdrawal,
-- so two operators marking one withdrawal paid at the same moment leave one "paid" step.
create table withdrawal_steps (
  id bigserial primary key,
  withdrawal_id bigint not null references withdrawals(id),
  kind text not null
    check (kind in ('requested', 'picked_up', 'approved', 'rejected', 'cancelled', 'paid')),
  at timestamptz not null,
  -- Who took the step when it was an operator (picked up, approved, rejected, paid).
  operator_id bigint references operators(id),
  -- A rejection's reason.
  reason text check (reason is null or kind = 'rejected'),
  -- The payment reference the operator entered; null only on steps backfilled below, from before
  -- references were kept.
  reference text check (reference is null or kind = 'paid'),
  unique (withdrawal_id, kind)
);

create trigger withdrawal_steps_append_only before update or delete on withdrawal_steps
  for each row execute function forbid_change();

create trigger withdrawal_steps_no_truncate before truncate on withdrawal_steps
  for each statement execute function forbid_change();

-- Withdrawals from before timelines: requested when created; decided when reviewed. Approval then
-- meant the money had been sent (the ledger posting is named "withdrawal_paid"), so an approved one
-- is also paid at its review time, without a reference.
insert into withdrawal_steps (withdrawal_id, kind, at)
  select id, 'requested', created_at from withdrawals;

insert into withdrawal_steps (withdrawal_id, kind, at, operator_id, reason)
  select id,
    case status when 'success' then 'approved' when 'failed' then 'rejected' else 'cancelled' end,
    reviewed_at,
    reviewed_by,
    case when status = 'failed' then reason end
  from withdrawals
  where status <> 'under_review' and reviewed_at is not null;

insert into withdrawal_steps (withdrawal_id, kind, at, operator_id)
  select id, 'paid', reviewed_at, reviewed_by from withdrawals
  where status = 'success' and reviewed_at is not null;
