import { sql } from "kysely";
import type { Executor } from "../platform/db";

/**
 * How far around a contract's start and expiry the feed must have a tick. No tick within this gap after
 * acceptance, or before expiry, and the contract is void with its stake returned (ARCHITECTURE §5).
 */
export const FEED_GAP_MS = 5_000;
/**
 * How long after a contract's window (the gap after acceptance, or its expiry) it is decided from what
 * is recorded although no later tick is: the feed has gone silent. Sooner, only a recorded tick after
 * the window decides it — ticks are stamped when made and written a moment later, so until one later
 * than the window shows, a tick stamped inside it may still arrive (the soak saw a new feed leader's
 * first ticks land after the contracts of its take-over had been voided).
 */
export const FEED_SILENCE_MS = 60_000;

/** A contract and whose it is: enough to tell its user. */
export interface ContractRef {
  id: bigint;
  userId: bigint;
}

/**
 * Gives each pending contract its entry: the first recorded tick of its symbol after acceptance (within
 * the feed gap), and expiry = entry time + duration. One statement for all of them; rows another worker
 * holds are skipped and picked up on its next run. `symbols` narrows the work to a tick batch's products.
 */
export async function assignEntries(
  db: Executor,
  symbols?: readonly string[],
  limit = 5_000,
): Promise<ContractRef[]> {
  if (symbols && symbols.length === 0) return [];
  const bySymbol = symbols ? sql`and c.symbol in (${sql.join([...symbols])})` : sql``;
  const gap = `${FEED_GAP_MS} milliseconds`;
  const result = await sql<{ id: bigint; user_id: bigint }>`
    with waiting as (
      select c.id, c.symbol, c.accepted_at, c.duration_seconds
      from contracts c
      where c.status = 'pending' ${bySymbol}
      order by c.id
      limit ${limit}
      for update skip locked
    ), entry as (
      select w.id, w.duration_seconds, t.seq, t.time, t.price, t.hash
      from waiting w
      cross join lateral (
        select t.seq, t.time, t.price, t.hash from ticks t
        where t.symbol = w.symbol and t.time > w.accepted_at and t.time <= w.accepted_at + ${gap}::interval
        order by t.time, t.seq
        limit 1
      ) t
    )
    update contracts c
    set status = 'open', entry_seq = entry.seq, entry_price = entry.price, entry_time = entry.time,
      entry_hash = encode(entry.hash, 'hex'), expiry_at = entry.time + make_interval(secs => entry.duration_seconds)
    from entry
    where c.id = entry.id
    returning c.id, c.user_id`.execute(db);
  return result.rows.map((row) => ({ id: row.id, userId: row.user_id }));
}
