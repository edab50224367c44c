-- The console's users: an operator's sign-in lock on a user, an id to name a user's session by, and
-- the indexes a user search, a user's sessions and the review queues read through, so a page costs
-- the same whatever the number of rows behind it.

-- Set while an operator has locked the user's sign-in: by whom and why (the audit log keeps the history).
alter table users add column sign_in_locked_at timestamptz;

alter table users add column sign_in_locked_by bigint references operators(id);

alter table users add column sign_in_lock_reason text;

alter table users add constraint users_sign_in_lock_whole
  check ((sign_in_locked_at is null) = (sign_in_lock_reason is null));

-- Sessions are keyed by their token's hash, which must not leave the server: operators name a session
-- by this id instead.
alter table sessions add column id bigint generated always as identity;

create unique index sessions_user_newest on sessions (user_id, id);

-- Search by account prefix (any case) and by the phone number's last digits (a prefix of the reversed
-- number), in byte order, so a prefix is one index range whatever the database's collation.
create index users_account_prefix on users ((lower(account)) collate "C");

create index users_phone_suffix on users ((reverse(phone)) collate "C");

-- The users who opened their account with a code, in id order.
create index users_invited_by on users ((upper(invited_by)), id);

-- The review queues, newest first: the waiting rows alone, in id order. Through (status, id) the planner
-- judged the primary key walked backwards with a filter cheaper, which reads the whole history when the
-- waiting rows are the oldest; an index of only the waiting rows is smaller than either, and is chosen.
create index deposits_waiting on deposits (id) where status = 'under_review';

create index withdrawals_waiting on withdrawals (id) where status = 'under_review';
