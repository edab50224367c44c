-- Banners and pop-up notices (docs/decisions/0072-banners-and-popups.md): written in the console per
-- locale, each with a schedule, an optional link inside the app and an image from the public store.

-- Images anyone may load (banners, pop-ups): apart from every private file and photo, so no address
-- of this table can ever name a verification photo or a payment proof. Re-encoded on upload, never
-- changed afterwards.
create table public_images (
  id uuid primary key,
  content_type text not null check (content_type = 'image/webp'),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size integer not null check (size > 0),
  data bytea not null,
  created_by bigint references operators(id),
  created_at timestamptz not null
);

create trigger public_images_fixed before update or delete on public_images
  for each row execute function forbid_change();

-- A banner (home's carousel, in ascending position) or a pop-up notice (the live one shown once per
-- reader per version). version rises when the texts change, so readers who dismissed the earlier
-- text see the new one.
create table content_notices (
  id bigserial primary key,
  kind text not null check (kind in ('banner', 'popup')),
  version integer not null check (version > 0),
  translations jsonb not null,
  link text check (link is null or link ~ '^/pages/'),
  image_id uuid references public_images(id),
  position integer not null default 0 check (position between 0 and 999),
  starts_at timestamptz not null,
  ends_at timestamptz check (ends_at is null or ends_at > starts_at),
  updated_by bigint references operators(id),
  updated_at timestamptz not null,
  created_at timestamptz not null
);

create index content_notices_live on content_notices (kind, starts_at);

-- The pop-up versions a signed-in user dismissed: it follows them across devices.
create table content_notices_seen (
  user_id bigint not null references users(id),
  notice_id bigint not null references content_notices(id),
  version integer not null check (version > 0),
  seen_at timestamptz not null,
  primary key (user_id, notice_id)
);
