-- The risk warning's figure (ARCHITECTURE §5 "Responsible trading"), one row per platform day: of the
-- users with a contract settled in the 90 platform days before that day, how many got back less than
-- they staked in sum. Written once by whichever process computes it first and never changed, so the
-- figure users were shown on a day can be checked against the contracts later.
create table risk_figures (
  computed_on date primary key,
  users integer not null check (users >= 0),
  users_with_loss integer not null check (users_with_loss between 0 and users),
  computed_at timestamptz not null
);

create trigger risk_figures_append_only before update or delete on risk_figures
  for each row execute function forbid_change();

-- The figure reads 90 days of settled contracts by when they settled, each one's user, status, stake and
-- payout. The dashboard's index of closed contracts (0015) also carries the user and the status, so
-- both read the index alone; one index, not two, is kept up to date as contracts settle.
drop index contracts_closed_at;

create index contracts_closed_at on contracts (settled_at) include (stake, payout, user_id, status)
  where settled_at is not null;
