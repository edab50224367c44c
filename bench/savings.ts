/**
 * Savings benchmark (Yu'ebao): one day's income for SAVINGS_BENCH_SAVERS savers (default 1,000,000),
 * paid by SAVINGS_BENCH_WORKERS concurrent `accrueDueSavings` loops on one pool, as that many server
 * processes would. Goal: savers accrued per second ≥ 5 × pgbench tpcb-like tps on the same server in the
 * same run; a second run for the same day posts nothing; the ledger's and savings' invariants hold.
 */
import { addDays } from "@tickfair/contract";
import { sql } from "kysely";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { systemAccountIds } from "../apps/server/src/ledger/service";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { accrueDueSavings } from "../apps/server/src/savings/accrual";
import { checkSavingsInvariants } from "../apps/server/src/savings/invariants";
import { type BenchResult, fmt, table } from "./bench";
import { openPgServer } from "./pg-cluster";
import { pgbenchTps } from "./pg-programs";
import type { PgServer } from "./pg-server";

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const CONFIG = {
  savers: envInt("SAVINGS_BENCH_SAVERS", 1_000_000),
  workers: envInt("SAVINGS_BENCH_WORKERS", 4),
  batchSize: envInt("SAVINGS_BENCH_BATCH", 2_000),
  /** Savers seeded per transaction. */
  seedChunk: 50_000,
  goalRatio: 5,
  pgbench: { scale: 10, clients: 16, threads: 2, seconds: 10 },
  database: "tickfair_savings",
  pgbenchDatabase: "tickfair_pgbench",
};

/**
 * Each saver's confirmed shares in minor units, fixed by their id: one in ten below 182.50 (at 2 % a
 * year that earns nothing a day, so their accrual row says 0), one in a thousand 1,000,000.00 to
 * 100,000,000.00, the rest spread evenly on a log scale from 182.50 to 100,000.00.
 */
const SHARES = sql`(case
    when u.id % 1000 = 0 then floor(1e8 * power(100, h.f))
    when u.id % 10 = 1 then 100 + floor(h.f * 18150)
    else floor(18250 * power(10000000 / 18250.0, h.f)) end)::bigint`;
// A multiplicative hash of the id: spread evenly over [0, 1), the same on every run.
const HASH = sql`cross join lateral (select ((u.id * 2654435761) % 4294967296) / 4294967296.0 as f) h`;

/**
 * `count` users with their five accounts, shares granted to savings_confirmed through real postings
 * (the ledger's triggers check and move every balance), and a savers row each, paid through the day
 * before `yesterday`: exactly one day is due. Set-based, a chunk per transaction.
 */
export async function seedSavers(db: Db, count: number, yesterday: string, log: (line: string) => void) {
  const { demo_grants } = await systemAccountIds(db);
  for (let lo = 1; lo <= count; lo += CONFIG.seedChunk) {
    const hi = Math.min(count, lo + CONFIG.seedChunk - 1);
    await db.transaction().execute(async (tx) => {
      const ids = await sql<{ first: string; last: string }>`
        with u as (
          insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash,
            invite_code, created_at)
          select 'saver' || g, '+86137' || lpad(g::text, 8, '0'), 'CN', 'saver' || g, 'bench-not-a-hash',
            'bench-not-a-hash', 'S' || lpad(g::text, 8, '0'), now()
          from generate_series(${lo}::int, ${hi}::int) g
          returning id
        )
        select min(id)::text as first, max(id)::text as last from u`.execute(tx);
      const { first, last } = ids.rows[0] ?? { first: "0", last: "-1" };
      await sql`insert into accounts (user_id, kind, balance, created_at)
        select u.id, k.kind, 0, now() from users u
        cross join unnest(array['cash', 'frozen_trade', 'frozen_withdrawal', 'savings_pending',
          'savings_confirmed']) as k(kind)
        where u.id between ${first}::bigint and ${last}::bigint
        order by u.id`.execute(tx);
      // A posting per saver, demo_grants → savings_confirmed (balance_after = the grant, from zero), as
      // post() writes one. One journal per chunk was tried: after analyze the planner took every journal
      // for tens of thousands of postings, and the ledger's balance check then spent ~0.4 s a batch in
      // JIT compilation (docs/performance.md, Savings).
      await sql`
        with grants as materialized (
          select u.id as user_id, c.id as account_id, ${SHARES} as amount,
            nextval(pg_get_serial_sequence('postings', 'id')) as posting_id
          from users u join accounts c on c.user_id = u.id and c.kind = 'savings_confirmed' ${HASH}
          where u.id between ${first}::bigint and ${last}::bigint
          order by u.id
        ), written as (
          insert into postings (id, kind, user_id, reference, created_at)
          select g.posting_id, 'demo_grant', g.user_id, 'savings bench', now() from grants g
        )
        insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
        select g.posting_id, v.account_id, v.amount, v.balance_after, now() from grants g
        cross join lateral (values (g.account_id, g.amount, g.amount),
          (${demo_grants}::bigint, -g.amount, null::bigint)) as v (account_id, amount, balance_after)
        order by v.account_id, g.posting_id`.execute(tx);
      await sql`insert into savers (user_id, accrued_through, created_at)
        select id, ${addDays(yesterday, -1)}::date, now() from users
        where id between ${first}::bigint and ${last}::bigint`.execute(tx);
    });
    log(`${fmt(hi)} of ${fmt(count)} savers seeded`);
  }
}

interface AccrualRun {
  seconds: number;
  savers: number;
  batches: number;
  meanBatchMs: number;
  maxBatchMs: number;
  errors: number;
  firstError: string | null;
  serverCpuSeconds: number | null;
  loopsCpuSeconds: number;
}

/** `workers` accrueDueSavings loops at once on one pool, each until it finds nobody left to claim. */
async function accrueAll(url: string, yesterday: string, server: PgServer): Promise<AccrualRun> {
  const db = createDb({ databaseUrl: url, dataDir: null, poolSize: CONFIG.workers + 2 });
  let savers = 0;
  let batches = 0;
  let batchMsTotal = 0;
  let maxBatchMs = 0;
  let errors = 0;
  let firstError: string | null = null;
  try {
    // Connections open and the ledger's system accounts read before the clock starts, as in a server.
    await Promise.all(Array.from({ length: CONFIG.workers }, () => sql`select 1`.execute(db)));
    await systemAccountIds(db);
    const serverCpuBefore = server.cpuSeconds();
    const loopsCpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONFIG.workers }, async () => {
        for (;;) {
          let t0 = performance.now();
          try {
            await accrueDueSavings(db, {
              yesterday,
              batchSize: CONFIG.batchSize,
              now: () => new Date(),
              onStep: (step) => {
                const ms = performance.now() - t0;
                t0 = performance.now();
                savers += step.savers;
                batches++;
                batchMsTotal += ms;
                maxBatchMs = Math.max(maxBatchMs, ms);
              },
            });
            return;
          } catch (error) {
            // A failed batch rolls back whole; the loop starts again, as the worker's next run would.
            errors++;
            firstError ??= String(error);
            if (errors > 50) return;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpuAfter = server.cpuSeconds();
    const loopsCpu = process.cpuUsage(loopsCpuBefore);
    return {
      seconds,
      savers,
      batches,
      meanBatchMs: batches > 0 ? batchMsTotal / batches : 0,
      maxBatchMs,
      errors,
      firstError,
      serverCpuSeconds:
        serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore,
      loopsCpuSeconds: (loopsCpu.user + loopsCpu.system) / 1e6,
    };
  } finally {
    await db.destroy();
  }
}

/** What must be true after the day is paid; each entry of the answer is a problem. */
async function checkDay(db: Db, yesterday: string, savers: number): Promise<string[]> {
  const problems: string[] = [];
  const counts = await sql<Record<string, string>>`
    select (select count(*) from savers where accrued_through <> ${yesterday}::date)::text as behind,
      (select count(*) from savings_accruals where day = ${yesterday}::date)::text as accruals,
      (select count(*) from savings_accruals where day <> ${yesterday}::date)::text as other_days,
      (select count(distinct user_id) from savings_accruals)::text as paid_savers,
      (select count(*) from savings_accruals where income = 0)::text as nothing_earned`.execute(db);
  const row = counts.rows[0] ?? {};
  if (row.behind !== "0") problems.push(`${row.behind} savers not accrued through ${yesterday}`);
  if (Number(row.accruals) !== savers || Number(row.paid_savers) !== savers || row.other_days !== "0")
    problems.push(
      `${row.accruals} accrual rows for ${yesterday} of ${row.paid_savers} savers (${row.other_days} for other days), expected ${savers}`,
    );
  // Every saver earned floor(shares × rate / 365) on what they held, and holds that much more now.
  const wrong = await sql<{ n: string }>`
    select count(*)::text as n from savings_accruals a
    join accounts c on c.user_id = a.user_id and c.kind = 'savings_confirmed'
    where c.balance <> a.shares + a.income or a.income <> a.shares * a.annual_rate_ppm / 365000000`.execute(
    db,
  );
  if (wrong.rows[0]?.n !== "0") problems.push(`${wrong.rows[0]?.n} savers earned the wrong income`);
  console.log(`  ${fmt(Number(row.nothing_earned))} savers earned nothing (shares below 182.50)`);
  return problems;
}

const seconds = (from: number) => (performance.now() - from) / 1000;

export async function runSavingsBench(): Promise<BenchResult> {
  const log = (line: string) => console.log(`  ${line}`);
  const problems: string[] = [];
  const server = await openPgServer({ log });
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);
    // The yardstick first, on the quiet server: the savings database's writes and checkpoints come later.
    const tps = await pgbenchTps(server, { database: CONFIG.pgbenchDatabase, ...CONFIG.pgbench });
    log(`${fmt(tps)} tps`);

    const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
    const url = await server.createDatabase(CONFIG.database);
    const db = createDb({ databaseUrl: url, dataDir: null, poolSize: 4 });
    try {
      await migrateToLatest(db);
      console.log(`seeding ${fmt(CONFIG.savers)} savers, one day (${yesterday}) due each`);
      let t0 = performance.now();
      await seedSavers(db, CONFIG.savers, yesterday, (line) => log(line));
      const seedSeconds = seconds(t0);
      // As autovacuum and the day's quiet would have left them before the night's run.
      t0 = performance.now();
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db).catch(() => log("checkpoint not allowed here; skipped"));
      const vacuumSeconds = seconds(t0);
      log(`seeded in ${fmt(seedSeconds, 1)} s, vacuum analyze + checkpoint ${fmt(vacuumSeconds, 1)} s`);

      console.log(
        `accrual: ${CONFIG.workers} accrueDueSavings loops, batch ${fmt(CONFIG.batchSize)}, for ${yesterday}`,
      );
      const run = await accrueAll(url, yesterday, server);
      const perSecond = run.savers / run.seconds;
      log(
        `${fmt(run.savers)} savers in ${fmt(run.seconds, 2)} s (${fmt(perSecond)}/s), ${fmt(run.batches)} batches, mean ${fmt(run.meanBatchMs)} ms, max ${fmt(run.maxBatchMs)} ms${run.errors > 0 ? `, ${run.errors} errors; first: ${run.firstError}` : ""}`,
      );
      const cpu =
        run.serverCpuSeconds === null
          ? `loops ${fmt(run.loopsCpuSeconds, 2)} s`
          : `PostgreSQL ${fmt(run.serverCpuSeconds, 2)} s + loops ${fmt(run.loopsCpuSeconds, 2)} s, ${fmt((run.serverCpuSeconds + run.loopsCpuSeconds) / run.seconds, 2)} processors busy`;
      log(`CPU meanwhile: ${cpu}`);
      if (run.errors > 0) problems.push(`${run.errors} accrual errors; first: ${run.firstError}`);
      if (run.savers !== CONFIG.savers) problems.push(`${run.savers} of ${CONFIG.savers} savers accrued`);

      t0 = performance.now();
      problems.push(...(await checkDay(db, yesterday, CONFIG.savers)));
      const ledger = await checkLedgerInvariants(db);
      const savings = await checkSavingsInvariants(db);
      const checkSeconds = seconds(t0);
      problems.push(...ledger.violations, ...savings);
      log(
        `checked in ${fmt(checkSeconds, 1)} s: ledger invariants ${ledger.ok ? "hold" : "BROKEN"} (${fmt(ledger.counts.postings)} postings, ${fmt(ledger.counts.entries)} entries), savings invariants ${savings.length === 0 ? "hold" : "BROKEN"}`,
      );

      const postings = async () =>
        Number(
          (await sql<{ n: string }>`select count(*)::text as n from postings`.execute(db)).rows[0]?.n ?? 0,
        );
      const before = await postings();
      t0 = performance.now();
      const again = await accrueDueSavings(db, {
        yesterday,
        batchSize: CONFIG.batchSize,
        now: () => new Date(),
      });
      const rerunSeconds = seconds(t0);
      const rerunPostings = (await postings()) - before;
      log(
        `second run for ${yesterday}: ${again.savers} savers, ${rerunPostings} postings, ${fmt(rerunSeconds * 1000, 1)} ms`,
      );
      if (again.savers !== 0 || rerunPostings !== 0)
        problems.push(`the second run paid ${again.savers} savers with ${rerunPostings} postings`);

      const ratio = perSecond / tps;
      console.log("");
      console.log(
        table([
          ["measure", "figure"],
          ["savers seeded (set-based), s", fmt(seedSeconds, 1)],
          ["vacuum analyze + checkpoint, s", fmt(vacuumSeconds, 1)],
          [`one day accrued: ${fmt(run.savers)} savers, s`, fmt(run.seconds, 2)],
          [
            `savers accrued per second (${CONFIG.workers} loops, batch ${fmt(CONFIG.batchSize)})`,
            fmt(perSecond),
          ],
          [`pgbench tpcb-like (${CONFIG.pgbench.clients} clients), tps`, fmt(tps)],
          ["ratio accrued per second / pgbench tps", fmt(ratio, 2)],
          ["checks after the day (not timed above), s", fmt(checkSeconds, 1)],
          ["postings of a second run for the same day", String(rerunPostings)],
        ]),
      );
      console.log("");
      console.log(
        `ratio ${ratio.toFixed(2)} (goal ≥ ${CONFIG.goalRatio}: ${ratio >= CONFIG.goalRatio ? "met" : "NOT met"}); ${problems.length === 0 ? "every check held" : `${problems.length} problem(s)`}`,
      );
      for (const problem of problems) console.error(`  PROBLEM ${problem}`);
      return {
        ok: problems.length === 0,
        summary: {
          bench: "savings",
          savers: CONFIG.savers,
          accrued_per_s: Math.round(perSecond),
          pgbench_tps: Math.round(tps),
          ratio: Math.round(ratio * 100) / 100,
          rerun_postings: rerunPostings,
        },
      };
    } finally {
      await db.destroy();
    }
  } finally {
    if (server.origin === "DATABASE_URL") await server.dropDatabase(CONFIG.database).catch(() => {});
    await server.close();
  }
}
