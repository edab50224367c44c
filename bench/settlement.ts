/**
 * The third part of `npm run bench -- trading`: due contracts settled by several settleDueContracts
 * loops at once, timed, and afterwards checked to have been settled exactly once.
 */
import { sql } from "kysely";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { settleDueContracts } from "../apps/server/src/trading/settlement";
import { fmt } from "./bench";
import { type DueSettings, setupDueContracts } from "./due-contracts";
import type { PgServer } from "./pg-server";

export interface SettleSettings extends DueSettings {
  database: string;
  workers: number;
  batchSize: number;
  goalSeconds: number;
  /** Stop the settlement loops after this long, settled or not. */
  giveUpSeconds: number;
}

export interface SettleRun {
  seconds: number;
  settled: number;
  batches: number;
  meanBatchMs: number;
  maxBatchMs: number;
  errors: number;
  firstError: string | null;
  gaveUp: boolean;
  /** CPU seconds PostgreSQL spent while the loops ran; null where it cannot be read. */
  serverCpuSeconds: number | null;
  /** CPU seconds this process (the loops) spent meanwhile. */
  loopsCpuSeconds: number;
}

/** `workers` settleDueContracts loops at once on one pool, each until nothing is due any more. */
async function settleAll(
  url: string,
  c: SettleSettings,
  serverCpuSeconds: () => number | null,
): Promise<SettleRun> {
  const db = createDb({ databaseUrl: url, dataDir: null, poolSize: c.workers + 2 });
  let settled = 0;
  let batches = 0;
  let batchMsTotal = 0;
  let maxBatchMs = 0;
  let errors = 0;
  let firstError: string | null = null;
  let gaveUp = false;
  try {
    // Open the pool's connections before the clock starts, as running servers would have them.
    await Promise.all(Array.from({ length: c.workers }, () => sql`select 1`.execute(db)));
    const serverCpuBefore = serverCpuSeconds();
    const loopsCpuBefore = process.cpuUsage();
    const started = performance.now();
    const giveUpAt = started + c.giveUpSeconds * 1000;
    await Promise.all(
      Array.from({ length: c.workers }, async () => {
        for (;;) {
          if (performance.now() > giveUpAt) {
            gaveUp = true;
            return;
          }
          const t0 = performance.now();
          try {
            const done = await settleDueContracts(db, new Date(), c.batchSize);
            // A run leaves contracts whose users another loop holds for a later run: stop only when
            // nothing is due any more.
            if (done.length === 0) {
              const left = await sql<{ n: number }>`
                select count(*)::int as n from contracts where status in ('pending', 'open')`.execute(db);
              if (left.rows[0]?.n === 0) return;
              continue;
            }
            const ms = performance.now() - t0;
            settled += done.length;
            batches++;
            batchMsTotal += ms;
            maxBatchMs = Math.max(maxBatchMs, ms);
          } catch (error) {
            errors++;
            firstError ??= String(error);
            if (errors > 50) return;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpuAfter = serverCpuSeconds();
    const loopsCpu = process.cpuUsage(loopsCpuBefore);
    return {
      seconds,
      serverCpuSeconds:
        serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore,
      loopsCpuSeconds: (loopsCpu.user + loopsCpu.system) / 1e6,
      settled,
      batches,
      meanBatchMs: batches > 0 ? batchMsTotal / batches : 0,
      maxBatchMs,
      errors,
      firstError,
      gaveUp,
    };
  } finally {
    await db.destroy();
  }
}

export interface SettleCheck {
  closed: number;
  voided: number;
  wins: number;
  losses: number;
  draws: number;
  stillDue: number;
  /** Contracts without exactly one settle posting of their own (by order number). */
  notOnce: number;
  distinctSettlePostings: number;
  /** frozen_trade accounts not back at zero. */
  frozenLeft: number;
  /** Users whose cash is not grant − their stakes + their payouts. */
  cashOff: number;
  invariantsOk: boolean;
  violations: string[];
}

async function checkSettlement(db: Db, grantMinor: bigint): Promise<SettleCheck> {
  const counts = await sql<Record<string, string>>`
    select count(*) filter (where status in ('settled', 'void'))::text as closed,
      count(*) filter (where status = 'void')::text as voided,
      count(*) filter (where result = 'win')::text as wins,
      count(*) filter (where result = 'lose')::text as losses,
      count(*) filter (where result = 'draw')::text as draws,
      count(*) filter (where status in ('pending', 'open'))::text as still_due,
      count(distinct settle_posting_id)::text as settle_postings
    from contracts`.execute(db);
  const notOnce = await sql<{ n: string }>`
    select count(*)::text as n from (
      select c.id from contracts c
      left join postings p on p.reference = c.order_no and p.kind <> 'stake'
      group by c.id
      having count(p.id) <> 1
    ) wrong`.execute(db);
  const frozenLeft = await sql<{ n: string }>`
    select count(*)::text as n from accounts where kind = 'frozen_trade' and balance <> 0`.execute(db);
  const cashOff = await sql<{ n: string }>`
    select count(*)::text as n
    from accounts a
    join (select user_id, sum(coalesce(payout, 0) - stake) as net from contracts group by user_id) c
      on c.user_id = a.user_id
    where a.kind = 'cash' and a.balance <> ${grantMinor}::bigint + c.net`.execute(db);
  const report = await checkLedgerInvariants(db);
  const row = counts.rows[0] ?? {};
  return {
    closed: Number(row.closed),
    voided: Number(row.voided),
    wins: Number(row.wins),
    losses: Number(row.losses),
    draws: Number(row.draws),
    stillDue: Number(row.still_due),
    notOnce: Number(notOnce.rows[0]?.n),
    distinctSettlePostings: Number(row.settle_postings),
    frozenLeft: Number(frozenLeft.rows[0]?.n),
    cashOff: Number(cashOff.rows[0]?.n),
    invariantsOk: report.ok,
    violations: report.violations,
  };
}

/** The CPU seconds settling took: PostgreSQL's (where readable) and the loops'. */
export const cpuTotal = (run: SettleRun) => (run.serverCpuSeconds ?? 0) + run.loopsCpuSeconds;

/** PostgreSQL's and the loops' CPU seconds while settling, and their sum over the wall time. */
export function cpuLine(run: SettleRun): string {
  const server = run.serverCpuSeconds;
  const total = cpuTotal(run);
  return server === null
    ? `loops ${fmt(run.loopsCpuSeconds, 2)} s (PostgreSQL's not readable here)`
    : `PostgreSQL ${fmt(server, 2)} s + loops ${fmt(run.loopsCpuSeconds, 2)} s, ${fmt(total / run.seconds, 2)} processors busy on average`;
}

/**
 * Sets up `s.contracts` due contracts on a fresh database of `server`, settles them, checks the result
 * and adds what is wrong to `problems`.
 */
export async function benchSettlement(
  server: PgServer,
  s: SettleSettings,
  problems: string[],
): Promise<{ settle: SettleRun; settleCheck: SettleCheck }> {
  console.log(
    `settlement: ${fmt(s.contracts)} contracts of ${fmt(s.users)} users due in the same second; ${s.workers} settleDueContracts loops, batch ${fmt(s.batchSize)}`,
  );
  const settleUrl = await server.createDatabase(s.database);
  const db = createDb({ databaseUrl: settleUrl, dataDir: null, poolSize: 4 });
  try {
    await migrateToLatest(db);
    const setup = await setupDueContracts(db, s, (message) => console.log(`  ${message}`));
    console.log(
      `  set up in ${fmt(setup.setupSeconds, 1)} s: ${fmt(setup.ticks)} ticks, every contract open with its entry, expiring in ${setup.expirySecond}`,
    );
    const settle = await settleAll(settleUrl, s, () => server.cpuSeconds());
    console.log(
      `  ${fmt(settle.settled)} settled in ${fmt(settle.seconds, 2)} s (${fmt(settle.settled / settle.seconds)}/s), ${fmt(settle.batches)} batches, mean ${fmt(settle.meanBatchMs)} ms, max ${fmt(settle.maxBatchMs)} ms${settle.errors > 0 ? `, ${settle.errors} errors; first: ${settle.firstError}` : ""}`,
    );
    console.log(`  CPU meanwhile: ${cpuLine(settle)}`);
    const settleCheck = await checkSettlement(db, setup.grantMinor);
    console.log(
      `  afterwards: ${fmt(settleCheck.closed)} closed (${fmt(settleCheck.wins)} won, ${fmt(settleCheck.losses)} lost, ${fmt(settleCheck.draws)} drawn, ${fmt(settleCheck.voided)} void), ${fmt(settleCheck.stillDue)} still due; ledger invariants ${settleCheck.invariantsOk ? "hold" : "BROKEN"}`,
    );
    if (settle.gaveUp) problems.push(`settlement gave up after ${s.giveUpSeconds} s`);
    if (settle.errors > 0) problems.push(`settlement errors: ${settle.errors}; first: ${settle.firstError}`);
    if (settleCheck.closed !== s.contracts || settleCheck.stillDue !== 0)
      problems.push(
        `${settleCheck.closed} of ${s.contracts} contracts closed, ${settleCheck.stillDue} still due`,
      );
    if (settleCheck.notOnce !== 0)
      problems.push(`${settleCheck.notOnce} contracts without exactly one settle posting`);
    if (settleCheck.distinctSettlePostings !== settleCheck.closed)
      problems.push(
        `${settleCheck.distinctSettlePostings} settle postings for ${settleCheck.closed} contracts`,
      );
    if (settleCheck.frozenLeft !== 0)
      problems.push(`${settleCheck.frozenLeft} frozen_trade balances not zero`);
    if (settleCheck.cashOff !== 0)
      problems.push(`${settleCheck.cashOff} users' cash is not grant − stakes + payouts`);
    for (const violation of settleCheck.violations) problems.push(`after settlement: ${violation}`);
    return { settle, settleCheck };
  } finally {
    await db.destroy();
  }
}
