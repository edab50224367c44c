/**
 * Every closed contract has exactly one settle posting, and its entry, exit, result and payout are what the
 * recorded ticks give (apps/server/src/trading/outcome.ts).
 */
import type pg from "pg";
import { decideOutcome, payoutFor, type Result } from "../../apps/server/src/trading/outcome";
import { FEED_GAP_MS } from "../../apps/server/src/trading/service";
import type { Problem } from "./shared";

interface ClosedContract {
  id: string;
  order_no: string;
  direction: "up" | "down";
  stake: string;
  payout_rate_bps: number;
  status: string;
  result: Result;
  payout: string;
  entry_seq: string | null;
  exit_seq: string | null;
  settle_posting_id: string;
  settle_postings: string;
  cash_paid: string | null;
  accepted_at: Date;
  settled_at: Date;
  want_entry_time: Date | null;
  want_entry_seq: string | null;
  want_entry_price: string | null;
  want_exit_seq: string | null;
  want_exit_price: string | null;
}

export async function checkContracts(client: pg.Client, problem: Problem) {
  const gap = `${FEED_GAP_MS} milliseconds`;
  const closed = await client.query<ClosedContract>(
    `select c.id::text, c.order_no, c.direction, c.stake::text, c.payout_rate_bps, c.status, c.result, c.payout::text,
       c.entry_seq::text, c.exit_seq::text, c.settle_posting_id::text, c.accepted_at, c.settled_at,
       en.time as want_entry_time,
       (select count(*) from postings p where p.reference = c.order_no and p.kind in ('payout', 'stake_lost', 'refund'))::text
         as settle_postings,
       (select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id
         where e.posting_id = c.settle_posting_id and a.kind = 'cash')::text as cash_paid,
       en.seq::text as want_entry_seq, en.price::text as want_entry_price,
       ex.seq::text as want_exit_seq, ex.price::text as want_exit_price
     from contracts c
     left join lateral (select t.seq, t.price, t.time from ticks t where t.symbol = c.symbol and t.time > c.accepted_at
       and t.time <= c.accepted_at + interval '${gap}' order by t.time, t.seq limit 1) en on true
     left join lateral (select t.seq, t.price from ticks t where t.symbol = c.symbol
       and t.time <= en.time + make_interval(secs => c.duration_seconds)
       and t.time > en.time + make_interval(secs => c.duration_seconds) - interval '${gap}'
       order by t.time desc, t.seq desc limit 1) ex on true
     where c.status in ('settled', 'void')`,
  );
  let doubleSettled = 0;
  let mismatches = 0;
  for (const c of closed.rows) {
    if (Number(c.settle_postings) !== 1) {
      doubleSettled += Number(c.settle_postings) > 1 ? 1 : 0;
      mismatches += Number(c.settle_postings) === 0 ? 1 : 0;
      problem(`contract ${c.order_no} has ${c.settle_postings} settle postings`);
    }
    const hasExit = c.want_entry_price !== null && c.want_exit_price !== null;
    const result: Result =
      hasExit && c.want_entry_price !== null && c.want_exit_price !== null
        ? decideOutcome(c.direction, BigInt(c.want_entry_price), BigInt(c.want_exit_price))
        : "void";
    const payout = payoutFor(BigInt(c.stake), c.payout_rate_bps, result);
    const paid = c.cash_paid === null ? 0n : BigInt(c.cash_paid);
    const sameTicks =
      result === "void" || (c.entry_seq === c.want_entry_seq && c.exit_seq === c.want_exit_seq);
    if (c.result !== result || BigInt(c.payout) !== payout || paid !== payout || !sameTicks) {
      mismatches++;
      problem(
        `contract ${c.order_no}: stored ${c.result} ${c.payout} (entry ${c.entry_seq}, exit ${c.exit_seq}, cash ${paid}), ticks give ${result} ${payout} (entry ${c.want_entry_seq}, exit ${c.want_exit_seq}); accepted ${c.accepted_at.toISOString()}, entry tick at ${c.want_entry_time?.toISOString() ?? "none"}, settled ${c.settled_at.toISOString()}`,
      );
    }
  }
  const totals = await client.query<{ status: string; n: string }>(
    "select status, count(*)::text as n from contracts group by status",
  );
  const by = Object.fromEntries(totals.rows.map((row) => [row.status, Number(row.n)]));
  return {
    double_settled: doubleSettled,
    outcome_mismatches: mismatches,
    contracts: totals.rows.reduce((sum, row) => sum + Number(row.n), 0),
    contracts_settled: by.settled ?? 0,
    contracts_void: by.void ?? 0,
    contracts_open_at_end: (by.open ?? 0) + (by.pending ?? 0),
  };
}
