-- Passkeys (WebAuthn, docs/decisions/0068-passkeys.md). A removed passkey's row is deleted: its public
-- key is worthless once the user has let it go, and a kept row would be one more place a later change
-- could forget to check "removed".
create table user_passkeys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  -- The authenticator's credential id, base64url, as every assertion names it.
  credential_id text not null unique,
  -- The COSE public key, as the authenticator gave it at registration.
  public_key bytea not null,
  sign_count bigint not null check (sign_count >= 0),
  transports text[] not null,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);

create index user_passkeys_user on user_passkeys (user_id, created_at);

-- A challenge is deleted as it is used, so a replayed answer finds none. Each is bound to what asked
-- for it: registering and step-up to the session (step-up also to the action's digest), signing in to
-- the attempt (a token only the asking browser holds).
create table passkey_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('register', 'sign_in', 'step_up')),
  session_token_hash text references sessions(token_hash),
  attempt_hash text,
  action_digest text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint passkey_challenges_binding check (
    (purpose = 'sign_in' and attempt_hash is not null and session_token_hash is null)
    or (purpose = 'register' and session_token_hash is not null and action_digest is null)
    or (purpose = 'step_up' and session_token_hash is not null and action_digest is not null)
  )
);

create index passkey_challenges_expiry on passkey_challenges (expires_at);
