-- The console's lists search inside text: part of a phone number ("5678" in +8613912345678) and part of a
-- real name given for verification. A b-tree serves only a prefix, so these are trigram indexes
-- (pg_trgm, shipped with PostgreSQL, trusted: a database owner may create it). Patterns of three or more
-- characters read only the rows sharing their trigrams. Without fastupdate a new row goes straight into
-- the index rather than a pending list only vacuum empties (PGlite runs no autovacuum), so the planner
-- never finds the index too costly to read; users and submissions are added rarely.
create extension if not exists pg_trgm;

create index users_phone_trgm on users using gin (phone gin_trgm_ops) with (fastupdate = off);
create index verifications_name_trgm on verifications using gin (name gin_trgm_ops) with (fastupdate = off);

-- The lists' date ranges: the days a request was made, a submission sent, a user registered.
create index deposits_created_at on deposits (created_at);
create index withdrawals_created_at on withdrawals (created_at);
create index verifications_submitted_at on verifications (submitted_at);
create index users_created_at on users (created_at);
