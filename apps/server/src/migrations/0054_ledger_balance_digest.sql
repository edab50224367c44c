-- What user accounts held at a checkpoint's cut, as a digest (docs/decisions/0086-ledger-balance-digest.md):
-- Σ balance × account id over user accounts, which is Σ amount × account id over their entries up to the
-- cut. A routine check compares the digest of the balances now with this one plus what the entries since
-- the cut add, so a balance changed without an entry shows without looking up every account. Weighted by
-- the account's id, so moving money between two accounts changes it too.
--
-- Checkpoints written before have none: the next routine check starts from the newest one that has a
-- digest, or reads everything once.
alter table ledger_checkpoints add column balance_digest numeric;
