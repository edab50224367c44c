-- Content (ARCHITECTURE §5): documents, each with numbered versions that carry a text per locale and a
-- publish time. A version is never edited: a correction is a new version. The publisher (content/
-- publisher.ts) marks each scheduled version published exactly once, whichever process gets to it.

create table content_documents (
  id bigserial primary key,
  kind text not null check (kind in ('about', 'privacy', 'agreement', 'news', 'highlight')),
  -- When its first version went out: the order news and highlights are listed in.
  first_published_at timestamptz,
  created_at timestamptz not null
);

-- About us, the privacy policy and the service agreement exist once each.
create unique index content_documents_page on content_documents (kind)
  where kind in ('about', 'privacy', 'agreement');

create index content_documents_listed on content_documents (kind, first_published_at desc, id desc)
  where first_published_at is not null;

create table content_versions (
  id bigserial primary key,
  document_id bigint not null references content_documents(id),
  version integer not null check (version > 0),
  translations jsonb not null,
  publish_at timestamptz not null,
  published_at timestamptz,
  created_by bigint references operators(id),
  created_at timestamptz not null,
  unique (document_id, version)
);

create index content_versions_due on content_versions (publish_at) where published_at is null;

create index content_versions_live on content_versions (document_id, version desc) where published_at is not null;

-- A version's text and time stay as written; only its publication is recorded, once.
create function guard_content_version() returns trigger language plpgsql as $$
      begin
        if new.document_id is distinct from old.document_id or new.version is distinct from old.version
          or new.translations is distinct from old.translations or new.publish_at is distinct from old.publish_at
          or new.created_by is distinct from old.created_by or new.created_at is distinct from old.created_at
          or old.published_at is not null then
          raise exception 'a content version is published once and never changed' using errcode = 'P0001';
        end if;
        return new;
      end $$;

create trigger content_versions_guard before update on content_versions
  for each row execute function guard_content_version();

create trigger content_versions_no_delete before delete on content_versions
  for each row execute function forbid_change();

-- Which versions of the agreement and the privacy policy a user accepted when opening their account.
alter table users add column accepted_agreement_version integer;
alter table users add column accepted_privacy_version integer;
