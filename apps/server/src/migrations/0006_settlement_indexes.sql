-- Settlement writes every contract, posting and entry once; each index on them is one more write. The
-- due-contract indexes only need the contracts still running, so a settled contract leaves them;
-- postings by user and time served the P&L that is now read from contracts, and nothing else.

drop index contracts_due;

create index contracts_due on contracts (status, expiry_at) where status in ('pending', 'open');

drop index contracts_symbol_status;

create index contracts_symbol_status on contracts (symbol, status) where status in ('pending', 'open');

drop index postings_user_time;
