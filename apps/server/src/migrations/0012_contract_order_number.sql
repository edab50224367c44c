-- A contract's order number is generated from its id ('C' + the id in ten digits), so it is unique
-- because the id is; nothing looks a contract up by it. Its unique index only cost a write on every
-- order placed and every contract settled (closing a contract writes a new row version, and each index
-- takes an entry).

alter table contracts drop constraint contracts_order_no_key;
