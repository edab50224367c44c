-- Push notifications (docs/decisions/0073-push-notifications.md): the browsers that asked for them,
-- and an outbox of notifications to deliver, written in the same transaction as what they tell of.

-- A browser's subscription, bound to the session that made it: it is dropped when that session
-- ends (sign-out, expiry, ended from another device) and when the push service says it is gone.
-- One endpoint is one browser: subscribing again (another user on the same phone) replaces the row.
-- server_key is the VAPID public key the browser subscribed with: after a key rotation the push
-- service would refuse the old subscriptions, so they are dropped and the app subscribes again.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  session_token_hash text not null,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  locale text not null,
  server_key text not null,
  created_at timestamptz not null
);
create index push_subscriptions_user on push_subscriptions (user_id);
create index push_subscriptions_session on push_subscriptions (session_token_hash);

-- One notification for one subscription: the event's kind and figures (worded in the subscription's
-- language when sent), due at next_attempt_at. The worker leases a row by moving next_attempt_at on
-- before it sends, so a process that dies mid-send leaves the row to be sent again, never lost.
create table push_outbox (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references push_subscriptions(id) on delete cascade,
  event jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  created_at timestamptz not null
);
create index push_outbox_due on push_outbox (next_attempt_at);
