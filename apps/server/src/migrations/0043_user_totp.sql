-- Two-step sign-in for users who turn it on (docs/decisions/0068-user-second-factor.md): an
-- authenticator's secret, single-use recovery codes, and the step between a right password and a
-- session.

-- One row per user who started enrolling; the secret counts only once confirmed_at is set (a right
-- code came back for it). last_step is the time step of the last code accepted: a code is never
-- taken twice.
create table user_totp (
  user_id bigint primary key references users(id),
  secret text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_step bigint
);

-- Codes for a lost authenticator: only their SHA-256 is kept.
create table user_recovery_codes (
  user_id bigint not null references users(id),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- A right password of a user with two-step sign-in: short-lived, single-use, stored hashed, and
-- carrying the device and address it was typed from, so the session it opens is that attempt's.
create table user_sign_in_challenges (
  challenge_hash text primary key,
  user_id bigint not null references users(id),
  device text,
  address text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint user_sign_in_challenges_expiry check (expires_at > created_at)
);

create index user_sign_in_challenges_user on user_sign_in_challenges (user_id);
