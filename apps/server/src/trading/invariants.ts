import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { winPayoutSql } from "./exposure";

/**
 * The exposure caps' running totals agree with the contracts: for each product and direction, and
 * each user and product, placed less released equals what the open (pending or open) contracts would
 * pay if their side won.
 */
export async function checkExposureInvariants(db: Executor): Promise<string[]> {
  const violations: string[] = [];
  const open = winPayoutSql("c");
  const sides = await sql<{ symbol: string; direction: string; totals: string; open: string }>`
    with totals as (
      select p.symbol, p.direction, p.payout - coalesce(r.payout, 0) as payout
      from trading_exposure_placed p left join trading_exposure_released r using (symbol, direction)
    ), contracts_open as (
      select c.symbol, c.direction, sum(${open}) as payout from contracts c
      where c.status in ('pending', 'open') and c.wallet = 'real' group by 1, 2
    )
    select symbol, direction, coalesce(t.payout, 0)::text as totals, coalesce(o.payout, 0)::text as open
    from totals t full join contracts_open o using (symbol, direction)
    where coalesce(t.payout, 0) <> coalesce(o.payout, 0)
    limit 20`.execute(db);
  for (const row of sides.rows)
    violations.push(`${row.symbol} ${row.direction}: totals say ${row.totals} open, contracts ${row.open}`);

  const users = await sql<{ user_id: string; symbol: string; totals: string; open: string }>`
    with totals as (
      select p.user_id, p.symbol, p.payout - coalesce(r.payout, 0) as payout
      from trading_user_exposure_placed p left join trading_user_exposure_released r using (user_id, symbol)
    ), contracts_open as (
      select c.user_id, c.symbol, sum(${open}) as payout from contracts c
      where c.status in ('pending', 'open') and c.wallet = 'real' group by 1, 2
    )
    select user_id::text, symbol, coalesce(t.payout, 0)::text as totals, coalesce(o.payout, 0)::text as open
    from totals t full join contracts_open o using (user_id, symbol)
    where coalesce(t.payout, 0) <> coalesce(o.payout, 0)
    limit 20`.execute(db);
  for (const row of users.rows)
    violations.push(
      `user ${row.user_id} ${row.symbol}: totals say ${row.totals} open, contracts ${row.open}`,
    );
  return violations;
}
