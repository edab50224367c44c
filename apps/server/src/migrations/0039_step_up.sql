-- Step-up grants (docs/decisions/0067-step-up.md): a fresh proof of the user, given for one action of
-- one session, used once and short-lived. The token's hash is kept, never the token; the action is kept
-- as a digest of its kind and fields, so a grant for one amount cannot carry another.
create table step_up_grants (
  token_hash text primary key,
  user_id bigint not null references users(id),
  session_token_hash text not null references sessions(token_hash),
  kind text not null,
  action_digest text not null,
  method text not null check (method in ('payPassword', 'passkey')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint step_up_grants_expiry check (expires_at > created_at)
);

create index step_up_grants_user on step_up_grants (user_id, created_at desc);
