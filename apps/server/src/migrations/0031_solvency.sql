-- Proof of liabilities (docs/solvency.md): once a platform day has closed, every user's balance at its
-- end goes into a Merkle-sum tree whose root and total are published. A snapshot is written whole in
-- one transaction and never changes; every node of its tree is kept, so a user's proof is a few
-- indexed reads.

create table solvency_snapshots (
  day date primary key,
  -- The instant the day ended: what the ledger recorded before it is counted.
  cutoff timestamptz not null,
  root text not null check (root ~ '^[0-9a-f]{64}$'),
  total_minor bigint not null check (total_minor >= 0),
  users integer not null check (users >= 0),
  depth smallint not null check (depth >= 0),
  taken_at timestamptz not null
);

-- A user's leaf: where it stands among the leaves, the nonce only they are given, and their balance.
-- Leaves and nodes are written only in their snapshot's transaction, from the users it read, and never
-- changed: no foreign keys, whose per-row checks were over half of a million-user snapshot's database
-- time (docs/performance.md, Solvency).
create table solvency_leaves (
  day date not null,
  user_id bigint not null,
  position integer not null check (position >= 0),
  nonce text not null check (nonce ~ '^[0-9a-f]{64}$'),
  balance_minor bigint not null check (balance_minor >= 0),
  primary key (day, user_id)
);

-- Every node, level 0 (the leaves) up to the root.
create table solvency_nodes (
  day date not null,
  level smallint not null check (level >= 0),
  position integer not null check (position >= 0),
  hash bytea not null check (length(hash) = 32),
  sum_minor bigint not null check (sum_minor >= 0),
  primary key (day, level, position)
);

create trigger solvency_snapshots_fixed before update or delete on solvency_snapshots
  for each row execute function forbid_change();
create trigger solvency_snapshots_no_truncate before truncate on solvency_snapshots
  for each statement execute function forbid_change();
create trigger solvency_leaves_fixed before update or delete on solvency_leaves
  for each row execute function forbid_change();
create trigger solvency_leaves_no_truncate before truncate on solvency_leaves
  for each statement execute function forbid_change();
create trigger solvency_nodes_fixed before update or delete on solvency_nodes
  for each row execute function forbid_change();
create trigger solvency_nodes_no_truncate before truncate on solvency_nodes
  for each statement execute function forbid_change();

-- Documents anyone may download (a reserves attestation): kept by `files`, like private images, in the
-- database so every node serves them. Never changed: a corrected document is a new one.
create table public_documents (
  id uuid primary key,
  name text not null check (length(name) between 1 and 200),
  content_type text not null,
  size integer not null check (size > 0),
  data bytea not null,
  created_at timestamptz not null
);

create trigger public_documents_fixed before update or delete on public_documents
  for each row execute function forbid_change();

-- An auditor's or a bank's attestation of reserves for a snapshot's day. Uploading again adds a newer
-- one; the public answer shows the newest, and the earlier stay on record.
create table solvency_attestations (
  id bigint generated always as identity primary key,
  day date not null references solvency_snapshots (day),
  document_id uuid not null references public_documents (id),
  operator_id bigint not null references operators (id),
  uploaded_at timestamptz not null
);

create index solvency_attestations_day on solvency_attestations (day, id desc);

create trigger solvency_attestations_fixed before update or delete on solvency_attestations
  for each row execute function forbid_change();
