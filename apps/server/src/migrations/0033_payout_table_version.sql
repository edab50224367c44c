-- The version of a product's rates per duration (its payout table): bumped in the transaction that
-- changes them, and recorded on each contract at placement, so a receipt names the table its rate came
-- from. Contracts placed before this have none.
alter table products add column payout_table_version integer not null default 1
  check (payout_table_version >= 1);
alter table contracts add column payout_table_version integer
  check (payout_table_version >= 1);
