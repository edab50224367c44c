-- Real-name verification (ARCHITECTURE §5). Each submission is a row; a rejected one stays as history
-- and the user submits again as a new row. The ID number is kept encrypted (verification/
-- id-number-cipher.ts), beside a keyed hash of it that lets the database refuse a number already
-- verifying, or waiting to verify, another account, and the masked form the screens show.

create table verification_photos (
  id uuid primary key,
  user_id bigint not null references users(id),
  -- Keys in the private blob store: the re-encoded photo and a thumbnail for reviewers' lists.
  blob_key text not null,
  thumbnail_key text not null,
  width integer not null,
  height integer not null,
  size integer not null,
  created_at timestamptz not null
);

create index verification_photos_user on verification_photos (user_id);

create table verifications (
  id bigserial primary key,
  user_id bigint not null references users(id),
  name text not null,
  nationality text not null,
  id_number_encrypted text not null,
  id_number_index text not null,
  id_number_masked text not null,
  front_photo_id uuid not null references verification_photos(id),
  back_photo_id uuid not null references verification_photos(id),
  state text not null check (state in ('under_review', 'verified', 'rejected')),
  reject_reason text,
  reject_text text,
  submitted_at timestamptz not null,
  reviewed_at timestamptz,
  reviewed_by bigint references operators(id),
  constraint verification_rejection_has_reason check ((state = 'rejected') = (reject_reason is not null)),
  constraint verification_review_is_recorded check ((state = 'under_review') = (reviewed_at is null))
);

-- A user has at most one submission waiting or accepted; an ID number backs at most one such submission,
-- so it verifies one account only, and two users racing with one number cannot both be reviewed.
create unique index verifications_user_open on verifications (user_id) where state in ('under_review', 'verified');
create unique index verifications_id_number_open on verifications (id_number_index)
  where state in ('under_review', 'verified');

create index verifications_state on verifications (state, id);

create index verifications_user on verifications (user_id, id);

-- A short-lived address of one private photo, as an <img> can fetch it (no header): the ticket is its
-- credential, and it is honoured only while the session it was issued to lasts.
create table photo_view_tickets (
  ticket_hash text primary key,
  photo_id uuid not null references verification_photos(id),
  variant text not null check (variant in ('full', 'thumbnail')),
  realm text not null check (realm in ('user', 'operator')),
  session_token_hash text not null,
  expires_at timestamptz not null
);

create index photo_view_tickets_expiry on photo_view_tickets (expires_at);
