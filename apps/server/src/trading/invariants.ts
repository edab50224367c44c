import { sql } from "kysely";
import type { OwnedCheck } from "../ledger";
import type { Executor } from "../platform/db";
import { winPayoutSql } from "./exposure";

/**
 * The exposure caps' running totals agree with the contracts: for each product and direction, and
 * each user and product, placed less released equals what the open (pending or open) contracts would
 * pay if their side won.
 */
export async function checkExposureInvariants(db: Executor): Promise<string[]> {
  const sides = await disagreements(db, "trading_exposure", ["symbol", "direction"]);
  const users = await disagreements(db, "trading_user_exposure", ["user_id", "symbol"]);
  return [
    ...sides.map((row) => `${row.first} ${row.second}: totals say ${row.totals} open, contracts ${row.open}`),
    ...users.map(
      (row) => `user ${row.first} ${row.second}: totals say ${row.totals} open, contracts ${row.open}`,
    ),
  ];
}

/**
 * The exposure totals, checked with the ledger at every check: they judge every order against the caps,
 * and reading them costs what the open contracts and the totals' rows are, not the history.
 */
export const exposureCheck: OwnedCheck = checkExposureInvariants;

/**
 * Up to 20 keys where one pair of running totals (`<totals>_placed` less `<totals>_released`, by the
 * two columns `keys`) differs from what the open real contracts of that key would pay.
 */
async function disagreements(db: Executor, totals: string, [first, second]: [string, string]) {
  const keys = (table: string) => sql.join([sql.ref(`${table}${first}`), sql.ref(`${table}${second}`)]);
  const { rows } = await sql<{ first: string; second: string; totals: string; open: string }>`
    with totals as (
      select ${keys("p.")}, p.payout - coalesce(r.payout, 0) as payout
      from ${sql.table(`${totals}_placed`)} p left join ${sql.table(`${totals}_released`)} r using (${keys("")})
    ), contracts_open as (
      select ${keys("c.")}, sum(${winPayoutSql("c")}) as payout from contracts c
      where c.status in ('pending', 'open') and c.wallet = 'real' group by 1, 2
    )
    select ${sql.ref(first)}::text as first, ${sql.ref(second)}::text as second,
      coalesce(t.payout, 0)::text as totals, coalesce(o.payout, 0)::text as open
    from totals t full join contracts_open o using (${keys("")})
    where coalesce(t.payout, 0) <> coalesce(o.payout, 0)
    limit 20`.execute(db);
  return rows;
}
