-- The addresses a session was opened from and last used from, as the user's list of sessions shows them:
-- the request's address (the proxy's X-Forwarded-For only when TRUST_PROXY names it). Sessions opened
-- before this migration have none.
alter table sessions add column first_address text check (length(first_address) <= 64);
alter table sessions add column last_address text check (length(last_address) <= 64);

-- A User-Agent nothing was recognised in was recorded as the device "" before; it is no device.
update sessions set device = null where device = '';
