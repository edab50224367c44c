-- Due contracts in the order the settlement worker claims them (expiry, then id), straight from the
-- index: when thousands expire in the same second, a claim reads its batch and stops, instead of
-- reading and sorting every contract of that second for each batch.

drop index contracts_due;

create index contracts_due on contracts (status, expiry_at, id) where status in ('pending', 'open');
