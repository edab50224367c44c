-- System messages (ARCHITECTURE §5 "Messages"): one inbox timeline for everyone. A broadcast is stored
-- once (its texts per locale in `broadcasts`) and enters the timeline as one row with no user when its
-- time comes; a personal notice is a row for its user, with its kind and the figures it names, and is
-- worded in the reader's language when read. Rows take their id when they enter the timeline, so the
-- id orders it. Read state is per user and never on a shared row: a watermark (everything up to
-- `read_through` is read, set by "mark all read") and single reads above it.

create table broadcasts (
  id bigserial primary key,
  translations jsonb not null,
  publish_at timestamptz not null,
  created_by bigint not null references operators(id),
  created_at timestamptz not null,
  cancelled_at timestamptz,
  cancelled_by bigint references operators(id),
  -- Set once, by the publisher, when it enters the timeline.
  published_at timestamptz
);

create index broadcasts_due on broadcasts (publish_at) where published_at is null and cancelled_at is null;

create table inbox_messages (
  id bigserial primary key,
  -- Null for a broadcast: every user's.
  user_id bigint references users(id),
  kind text not null,
  broadcast_id bigint unique references broadcasts(id),
  params jsonb not null default '{}',
  created_at timestamptz not null,
  check ((kind = 'broadcast') = (broadcast_id is not null)),
  check ((kind = 'broadcast') = (user_id is null))
);

create index inbox_messages_user on inbox_messages (user_id, id);
create index inbox_messages_broadcasts on inbox_messages (id) where user_id is null;

create table inboxes (
  user_id bigint primary key references users(id),
  read_through bigint not null default 0
);

create table inbox_reads (
  user_id bigint not null references users(id),
  message_id bigint not null references inbox_messages(id),
  read_at timestamptz not null,
  primary key (user_id, message_id)
);

-- A message says what happened and stays as written.
create function guard_inbox_message() returns trigger language plpgsql as $$
  begin
    raise exception 'inbox messages are append-only';
  end $$;

create trigger inbox_messages_append_only before update or delete on inbox_messages
  for each row execute function guard_inbox_message();

-- The device a session was opened from ("Chrome on Android"): a sign-in from one the user never used
-- before is a personal notice.
alter table sessions add column device text;

create index sessions_user_device on sessions (user_id, device);
