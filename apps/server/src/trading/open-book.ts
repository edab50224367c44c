import { sql } from "kysely";
import type { Executor } from "../platform/db";
import type { Direction } from "./outcome";

/**
 * The open book: contracts not yet settled or void (pending and open), summed the way the house's
 * exposure reads them. What a side is owed if it wins is Σ stake × (1 + rate) rounded down per
 * contract, the rule settlement pays by (outcome.ts): bigint division truncates, and both factors are
 * positive, so it is the floor. Both queries name the open statuses literally, so the planner reads
 * only the open contracts through the partial index on them (contracts_due), however many contracts
 * were ever settled.
 */

/** One product, direction and expiry row: `expiry` is null while the contracts wait for their entry tick. */
export interface BookRow {
  symbol: string;
  direction: Direction;
  /** The minute the contracts expire in (its start); `later` past `horizon`; null while pending. */
  expiry: Date | "later" | null;
  contracts: number;
  stake: bigint;
  owedIfWins: bigint;
}

/**
 * The open book grouped by product, direction and expiry minute; expiries at or after `horizon` share
 * one row. Grouped by the exact expiry first: contracts expire on a few thousand tick times at most, so
 * the minute is worked out for those, not for every contract (about 40 % less time at 100,000 open).
 */
export async function openBook(db: Executor, horizon: Date): Promise<BookRow[]> {
  const { rows } = await sql<{
    symbol: string;
    direction: Direction;
    minute: Date | null;
    later: boolean;
    contracts: number;
    stake: string;
    owed: string;
  }>`
    select symbol, direction, coalesce(expiry_at >= ${horizon}, false) as later,
           case when expiry_at < ${horizon} then date_trunc('minute', expiry_at) end as minute,
           sum(contracts)::int as contracts, sum(stake)::text as stake, sum(owed)::text as owed
    from (select symbol, direction, expiry_at, count(*) as contracts, sum(stake) as stake,
                 sum(stake * (10000 + payout_rate_bps) / 10000) as owed
          from contracts where status in ('pending', 'open') and wallet = 'real'
          group by symbol, direction, expiry_at) as by_expiry
    group by 1, 2, 3, 4`.execute(db);
  return rows.map((row) => ({
    symbol: row.symbol,
    direction: row.direction,
    expiry: row.later ? "later" : row.minute,
    contracts: row.contracts,
    stake: BigInt(row.stake),
    owedIfWins: BigInt(row.owed),
  }));
}

/** One user's open contracts on one product and direction. */
export interface OpenPositionRow {
  userId: bigint;
  account: string;
  symbol: string;
  direction: Direction;
  contracts: number;
  stake: bigint;
  owedIfWins: bigint;
  nextExpiry: Date | null;
}

/** The `limit` largest positions by what they are owed if they win (the larger stake, then the user, breaks ties). */
export async function largestOpenPositions(db: Executor, limit: number): Promise<OpenPositionRow[]> {
  const { rows } = await sql<{
    user_id: string;
    account: string;
    symbol: string;
    direction: Direction;
    contracts: number;
    stake: string;
    owed: string;
    next_expiry: Date | null;
  }>`
    select p.user_id::text, u.account, p.symbol, p.direction, p.contracts, p.stake::text, p.owed::text,
           p.next_expiry
    from (select user_id, symbol, direction, count(*)::int as contracts, sum(stake) as stake,
                 sum(stake * (10000 + payout_rate_bps) / 10000) as owed, min(expiry_at) as next_expiry
          from contracts where status in ('pending', 'open') and wallet = 'real'
          group by user_id, symbol, direction
          order by owed desc, stake desc, user_id, symbol, direction
          limit ${limit}) as p
    join users as u on u.id = p.user_id
    order by p.owed desc, p.stake desc, p.user_id, p.symbol, p.direction`.execute(db);
  return rows.map((row) => ({
    userId: BigInt(row.user_id),
    account: row.account,
    symbol: row.symbol,
    direction: row.direction,
    contracts: row.contracts,
    stake: BigInt(row.stake),
    owedIfWins: BigInt(row.owed),
    nextExpiry: row.next_expiry,
  }));
}
