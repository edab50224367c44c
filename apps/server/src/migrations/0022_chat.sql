-- Customer service (ARCHITECTURE §5): one conversation per user with support. Each message takes the
-- next number of its conversation (`seq`) under the conversation's row lock, so numbers commit in
-- order: a socket that has seen n asks for what follows n, and sees every message once, in order.
-- A message a client sends carries the client's own key, so a resend after a lost answer (the
-- offline outbox) stores nothing twice.

create table conversations (
  id bigserial primary key,
  user_id bigint not null unique references users(id),
  state text not null default 'open' check (state in ('open', 'resolved')),
  assignee_id bigint references operators(id),
  last_seq bigint not null default 0,
  -- Since when the user's latest message waits for an answer (null when answered or resolved).
  waiting_since timestamptz,
  last_message_at timestamptz,
  -- How far each side has read: the user, and support as a whole.
  user_read_seq bigint not null default 0,
  support_read_seq bigint not null default 0,
  resolved_at timestamptz,
  rating smallint check (rating between 1 and 5),
  created_at timestamptz not null
);

create index conversations_waiting on conversations (waiting_since) where waiting_since is not null;
create index conversations_assignee on conversations (assignee_id, last_message_at desc) where state = 'open';
create index conversations_recent on conversations (last_message_at desc, id desc);

create table chat_messages (
  id bigserial primary key,
  conversation_id bigint not null references conversations(id),
  seq bigint not null,
  -- 'note': an operator's internal note, never shown to the user.
  author text not null check (author in ('user', 'operator', 'note')),
  operator_id bigint references operators(id),
  body text not null,
  -- A photo the user sent: private, kept with the ID photos (re-encoded, EXIF removed), shown through
  -- short-lived links issued to the reader's session.
  photo_id uuid references verification_photos(id),
  client_key text,
  created_at timestamptz not null,
  unique (conversation_id, seq),
  check ((author = 'user') = (operator_id is null)),
  check (author = 'user' or photo_id is null),
  check (body <> '' or photo_id is not null)
);

create unique index chat_messages_client_key on chat_messages (conversation_id, author, client_key)
  where client_key is not null;

create function guard_chat_message() returns trigger language plpgsql as $$
  begin
    raise exception 'chat messages are append-only';
  end $$;

create trigger chat_messages_append_only before update or delete on chat_messages
  for each row execute function guard_chat_message();

-- Replies support inserts with one click, per locale. Deleting one hides it; sent messages keep their text.
create table canned_replies (
  id bigserial primary key,
  locale text not null,
  title text not null,
  body text not null,
  created_by bigint not null references operators(id),
  created_at timestamptz not null,
  deleted_at timestamptz
);

create index canned_replies_locale on canned_replies (locale, title) where deleted_at is null;
