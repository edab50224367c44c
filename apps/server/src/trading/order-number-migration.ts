import { type Migration, sql } from "kysely";

/**
 * A contract's order number is generated from its id ('C' + the id in ten digits), so it is unique
 * because the id is; nothing looks a contract up by it. Its unique index only cost a write on every
 * order placed and every contract settled (closing a contract writes a new row version, and each index
 * takes an entry).
 */
const STATEMENTS: readonly string[] = [`alter table contracts drop constraint contracts_order_no_key`];

export const tradingOrderNumberMigration: Migration = {
  async up(db) {
    for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  },
};
