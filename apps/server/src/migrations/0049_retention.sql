-- Retention (docs/operations.md, "Retention"): a job deletes expired rows in batches, each batch found
-- through an index on when its rows stopped mattering, so no batch scans its table.

-- An Idempotency-Key answers retries for a week after it was first used.
create index idempotency_keys_created on idempotency_keys (created_at);

-- A session ended when it was signed out, or else when it expired.
create index sessions_ended on sessions ((coalesce(revoked_at, expires_at)));
create index operator_sessions_ended on operator_sessions ((coalesce(revoked_at, expires_at)));

-- Grants and passkey challenges refer to their session: found by it when a session goes (the foreign
-- key's check, and the rule that keeps a session while something still refers to it).
create index step_up_grants_expiry on step_up_grants (expires_at);
create index step_up_grants_session on step_up_grants (session_token_hash);
create index passkey_challenges_session on passkey_challenges (session_token_hash)
  where session_token_hash is not null;

create index user_sign_in_challenges_expiry on user_sign_in_challenges (expires_at);
create index operator_sign_in_challenges_expiry on operator_sign_in_challenges (expires_at);

-- A name's wrong-password count is forgotten after a quiet day.
create index sign_in_failures_updated on sign_in_failures (updated_at);
