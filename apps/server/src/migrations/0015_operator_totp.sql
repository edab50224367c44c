-- Operators' second factor (TOTP), their sign-in challenges and recovery codes, disabling an operator,
-- and the indexes the console's dashboard reads "today" through.

-- The authenticator's base32 secret; null until the operator enrols (a first sign-in, or after an
-- admin reset). totp_last_step is the time step of the last code accepted: a code is never taken twice.
alter table operators add column totp_secret text;

alter table operators add column totp_enrolled_at timestamptz;

alter table operators add column totp_last_step bigint;

alter table operators add column disabled_at timestamptz;

alter table operators add constraint operator_totp_enrolled
  check ((totp_secret is null) = (totp_enrolled_at is null));

-- Single-use codes for a lost authenticator: only their SHA-256 is kept.
create table operator_recovery_codes (
  operator_id bigint not null references operators(id),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- The step between a right password and a session: short-lived, single-use, stored hashed. An
-- enrolment carries the secret it offered, which becomes the operator's only with a right code.
create table operator_sign_in_challenges (
  challenge_hash text primary key,
  operator_id bigint not null references operators(id),
  pending_secret text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index operator_sign_in_challenges_operator on operator_sign_in_challenges (operator_id);

-- Signing out everywhere, disabling or resetting an operator ends their live sessions.
create index operator_sessions_operator on operator_sessions (operator_id) where revoked_at is null;

-- The latest entry of an action (the last ledger check), and the audit log filtered by action.
create index audit_log_action on audit_log (action, id);

-- Today's figures read a day's rows through these, never a scan of the whole table.
create index deposits_confirmed_at on deposits (reviewed_at) include (amount) where status = 'success';

create index withdrawals_paid_at on withdrawals (reviewed_at) include (amount, fee) where status = 'success';

create index contracts_accepted_at on contracts (accepted_at) include (stake, user_id);

create index contracts_closed_at on contracts (settled_at) include (stake, payout) where settled_at is not null;
