import type { ExposureCapKind, ExposureRefusalDetails } from "@tickfair/contract";
import { sql } from "kysely";
import { bigintArray, type Executor, type Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Direction } from "./outcome";

/**
 * Exposure caps (docs/decisions/0062-exposure-caps.md): what the house would pay if a side won, summed
 * over open contracts, kept as running totals — placed less released — per product and direction and
 * per user and product. Placement locks its rows of the placed totals before it locks any account, so
 * the totals an order is judged by are the latest committed; settlement adds to the released totals
 * after it locks accounts, and placement reads those without waiting (a release it does not see yet
 * only makes its judgement stricter).
 */

/** What a contract pays if its side wins, in SQL over a row's `stake` and `payout_rate_bps` (outcome.ts). */
export const winPayoutSql = (row: string) =>
  sql`(${sql.ref(`${row}.stake`)} * (10000 + ${sql.ref(`${row}.payout_rate_bps`)}) / 10000)`;

/** Whether an order paying `payout` if it wins fits under `cap` beside `open` (null cap: no cap). */
export function fitsUnderCap(cap: bigint | null, open: bigint, payout: bigint): boolean {
  return cap === null || open + payout <= cap;
}

export function exposureRefusal(cap: ExposureCapKind, symbol: string, direction: Direction): AppError {
  const details: ExposureRefusalDetails = { cap, symbol, direction };
  return new AppError("EXPOSURE_LIMIT_REACHED", undefined, details);
}

/** One order's caps and the open payout they are judged against, its rows locked. */
export interface HeldExposure {
  symbol: string;
  direction: Direction;
  sideCap: bigint | null;
  sideOpen: bigint;
  userCap: bigint | null;
  userOpen: bigint;
}

/**
 * Makes the placed totals of orders' sides and of their users on the products, where they are not there
 * yet, in a statement of its own, committed before the orders' transaction or statement begins: the
 * placement that follows then finds every row it adds to and locks it before it locks any account, and
 * never holds a new row another placement waits for. Only for products that exist: an order naming
 * another is refused by its terms, and leaves no row.
 */
export async function ensureExposureRows(
  db: Executor,
  orders: readonly { userId: bigint; symbol: string; direction: Direction }[],
): Promise<void> {
  if (orders.length === 0) return;
  await sql`with o as (
      select o.user_id, o.symbol, o.direction
      from unnest(${bigintArray(orders.map((order) => order.userId))}::bigint[],
        ${orders.map((order) => order.symbol)}::text[], ${orders.map((order) => order.direction)}::text[])
        as o (user_id, symbol, direction)
      join products p on p.symbol = o.symbol
    ), side as (
      insert into trading_exposure_placed (symbol, direction, payout)
      select distinct symbol, direction, 0 from o order by 1, 2 on conflict do nothing
    )
    insert into trading_user_exposure_placed (user_id, symbol, payout)
    select distinct user_id, symbol, 0 from o order by 1, 2 on conflict do nothing`.execute(db);
}

/**
 * Locks the placed totals of an order's side and of its user on the product (ensureExposureRows made
 * them), for the one-order path; called before its Idempotency-Key is claimed, as the batch locks them
 * before it claims keys, so the two never wait on each other in a circle.
 */
export async function lockExposure(
  tx: Tx,
  userId: bigint,
  symbol: string,
  direction: Direction,
): Promise<HeldExposure> {
  const { rows } = await sql<{
    side_placed: bigint | null;
    user_placed: bigint | null;
    side_released: bigint | null;
    user_released: bigint | null;
    side_cap: bigint | null;
    user_cap: bigint | null;
  }>`with side as materialized (
      select payout from trading_exposure_placed where symbol = ${symbol} and direction = ${direction} for update
    ), mine as materialized (
      select payout from trading_user_exposure_placed
      -- Reading side first locks the side's row before the user's, as the batch does.
      where user_id = ${userId} and symbol = ${symbol} and (select count(*) from side) >= 0 for update
    )
    select (select payout from side) as side_placed, (select payout from mine) as user_placed,
      (select payout from trading_exposure_released where symbol = ${symbol} and direction = ${direction})
        as side_released,
      (select payout from trading_user_exposure_released where user_id = ${userId} and symbol = ${symbol})
        as user_released,
      case ${direction} when 'up' then c.up_payout else c.down_payout end as side_cap, c.user_payout as user_cap
    from (select 1) one left join trading_exposure_caps c on c.symbol = ${symbol}`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error("exposure rows were not locked");
  const big = (value: bigint | null) => (value === null ? null : BigInt(value));
  return {
    symbol,
    direction,
    sideCap: big(row.side_cap),
    sideOpen: BigInt(row.side_placed ?? 0) - BigInt(row.side_released ?? 0),
    userCap: big(row.user_cap),
    userOpen: BigInt(row.user_placed ?? 0) - BigInt(row.user_released ?? 0),
  };
}

/** Refuses an order paying `payout` if it wins that would pass a cap of `held`; the product's cap first. */
export function refuseOrderPastCaps(held: HeldExposure, payout: bigint): void {
  if (!fitsUnderCap(held.sideCap, held.sideOpen, payout))
    throw exposureRefusal("product_direction", held.symbol, held.direction);
  if (!fitsUnderCap(held.userCap, held.userOpen, payout))
    throw exposureRefusal("user_product", held.symbol, held.direction);
}

/**
 * CTEs, in front of the placement batch's statement, that end in `cap_refused (ord)`: the orders of
 * `orders` (a CTE of ord, user_id, symbol, direction, payout — the orders the batch may write) that a
 * cap may refuse, each judged with the earlier orders of its side, or of its user and product, in the
 * batch counted; and every order whose totals have no row in the statement's snapshot, capped or not
 * (ensureExposureRows makes them before the statement; one made meanwhile could not be locked, and the
 * batch adds only to rows it locked, so it never waits for a row while holding accounts). The placed
 * totals' rows are locked,
 * sides first, each in key order, as lockExposure
 * takes them; those orders are left out of the batch and placed alone, where the refusal is worded.
 */
export function exposureRefusalCtes(orders: string) {
  const batch = sql.table(orders);
  return sql`caps_in_force as (
      select symbol, up_payout, down_payout, user_payout from trading_exposure_caps
      where symbol in (select symbol from ${batch})
    ), side_held as materialized (
      select p.symbol, p.direction, p.payout - coalesce(r.payout, 0) as open
      from trading_exposure_placed p
      left join trading_exposure_released r using (symbol, direction)
      where (p.symbol, p.direction) in (select symbol, direction from ${batch})
      order by p.symbol, p.direction for update of p
    ), user_held as materialized (
      select p.user_id, p.symbol, p.payout - coalesce(r.payout, 0) as open
      from trading_user_exposure_placed p
      left join trading_user_exposure_released r using (user_id, symbol)
      -- Reading side_held first makes the sides' rows locked before the users' ones.
      where (p.user_id, p.symbol) in (select user_id, symbol from ${batch})
        and (select count(*) from side_held) >= 0
      order by p.user_id, p.symbol for update of p
    ), cap_running as (
      select o.ord, o.user_id, o.symbol, o.direction,
        sum(o.payout) over (partition by o.symbol, o.direction order by o.ord) as side_payout,
        sum(o.payout) over (partition by o.user_id, o.symbol order by o.ord) as user_payout
      from ${batch} o
    ), cap_refused as (
      select r.ord from cap_running r
      left join caps_in_force c on c.symbol = r.symbol
      left join side_held s on s.symbol = r.symbol and s.direction = r.direction
      left join user_held u on u.user_id = r.user_id and u.symbol = r.symbol
      -- A null cap compares as null: no refusal.
      where s.open is null or u.open is null
        or s.open + r.side_payout > case r.direction when 'up' then c.up_payout else c.down_payout end
        or u.open + r.user_payout > c.user_payout    )`;
}

/**
 * CTEs that add what the contracts of CTE `rows` would pay if they won to the `placed` totals (in the
 * statement that writes them) or the `released` ones (settled or void, in the statement that pays),
 * in key order, so the totals move with the money.
 */
function exposureTotalCtes(totals: "placed" | "released", rows: string) {
  const from = sql.table(rows);
  const payout = winPayoutSql(rows);
  return sql`${sql.raw(`exposure_side_${totals}`)} as (
      insert into ${sql.table(`trading_exposure_${totals}`)} as e (symbol, direction, payout)
      select symbol, direction, sum(${payout}) from ${from} group by 1, 2 order by 1, 2
      on conflict (symbol, direction) do update set payout = e.payout + excluded.payout
    ), ${sql.raw(`exposure_user_${totals}`)} as (
      insert into ${sql.table(`trading_user_exposure_${totals}`)} as e (user_id, symbol, payout)
      select user_id, symbol, sum(${payout}) from ${from} group by 1, 2 order by 1, 2
      on conflict (user_id, symbol) do update set payout = e.payout + excluded.payout
    )`;
}

export const exposurePlacedCtes = (placed: string) => exposureTotalCtes("placed", placed);
export const exposureReleasedCtes = (closed: string) => exposureTotalCtes("released", closed);
