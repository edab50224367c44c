/**
 * Ledger benchmark: postings per second through the real `post()` (one posting, one transaction,
 * `cash → house` of one minor unit), on embedded PGlite and on PostgreSQL, next to pgbench's TPC-B-like
 * figure on the same PostgreSQL server as a yardstick. Goal: pg_postings_per_s / pgbench_tps ≥ 0.5.
 */
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { openUserAccounts, post, systemAccountIds, userAccountIds } from "../apps/server/src/ledger/service";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { type BenchResult, fmt, MeasuredWindow, table, type WindowFigures } from "./bench";
import { openPgServer } from "./pg-cluster";
import { pgbenchTps } from "./pg-programs";
import type { PgServer } from "./pg-server";

const CONFIG = {
  pglite: { users: 16, concurrency: 1, warmupMs: 1_000, durationMs: 5_000 },
  pg: { users: 64, concurrency: 16, poolSize: 20, warmupMs: 2_000, durationMs: 10_000 },
  pgbench: { scale: 10, clients: 16, threads: 2, seconds: 10 },
  /** Each user's opening grant, in minor units: far more than a run can spend at one unit a posting. */
  grant: 1_000_000_000_000n,
  ledgerDatabase: "tickfair_bench",
  pgbenchDatabase: "tickfair_pgbench",
};

export interface Workload extends Omit<WindowFigures, "count"> {
  postings: number;
  errors: number;
}

export interface Accounts {
  users: { userId: bigint; cash: bigint }[];
  house: bigint;
}

/** N users with their five accounts, each user's cash granted from `demo_grants` in one posting. */
export async function seedUsers(db: Db, count: number): Promise<Accounts> {
  const at = new Date();
  const users: Accounts["users"] = [];
  const { house, demo_grants } = await systemAccountIds(db);
  for (let i = 0; i < count; i++) {
    const userId = await db.transaction().execute(async (tx) => {
      const tag = `bench${String(i).padStart(5, "0")}`;
      const user = await tx
        .insertInto("users")
        .values({
          account: tag,
          phone: `1380000${String(i).padStart(4, "0")}`,
          phone_country: "CN",
          nickname: tag,
          // No login happens in the benchmark; any string will do.
          password_hash: "bench-not-a-hash",
          pay_password_hash: "bench-not-a-hash",
          invite_code: `BENCH${i}`,
          invited_by: null,
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await openUserAccounts(tx, user.id, at);
      return user.id;
    });
    const { cash } = await userAccountIds(db, userId);
    await db.transaction().execute((tx) =>
      post(tx, {
        kind: "demo_grant",
        userId,
        legs: [
          { accountId: demo_grants, amount: -CONFIG.grant },
          { accountId: cash, amount: CONFIG.grant },
        ],
        at,
      }),
    );
    users.push({ userId, cash });
  }
  return { users, house };
}

/**
 * `concurrency` workers post `cash → house` of one minor unit, each in its own transaction, picking
 * users round-robin, for warm-up + duration; only postings committed inside the measured window count.
 */
export async function runPostings(
  db: Db,
  accounts: Accounts,
  options: { concurrency: number; warmupMs: number; durationMs: number },
): Promise<Workload> {
  const { users, house } = accounts;
  const measured = new MeasuredWindow(options);
  let next = 0;
  let errors = 0;
  let firstError: unknown;

  const worker = async () => {
    while (measured.running) {
      const user = users[next++ % users.length];
      if (!user) throw new Error("no users");
      const t0 = performance.now();
      try {
        await db.transaction().execute((tx) =>
          post(tx, {
            kind: "stake",
            userId: user.userId,
            legs: [
              { accountId: user.cash, amount: -1n },
              { accountId: house, amount: 1n },
            ],
            at: new Date(),
          }),
        );
        measured.record(t0, performance.now());
      } catch (error) {
        errors++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (errors > 0) console.error(`  ${errors} posting(s) failed; first error:`, firstError);

  const { count, ...figures } = measured.figures();
  return { postings: count, errors, ...figures };
}

async function benchPglite(): Promise<Workload> {
  const c = CONFIG.pglite;
  console.log(
    `PGlite (in memory): ${c.users} users, ${c.concurrency} client, ${c.warmupMs / 1000} s warm-up + ${c.durationMs / 1000} s`,
  );
  const db = createDb({ dataDir: null });
  try {
    await migrateToLatest(db);
    const accounts = await seedUsers(db, c.users);
    const result = await runPostings(db, accounts, c);
    const report = await checkLedgerInvariants(db);
    if (!report.ok) throw new Error(`ledger invariants broken on PGlite:\n${report.violations.join("\n")}`);
    return result;
  } finally {
    await db.destroy();
  }
}

async function benchPostgres(
  server: PgServer,
): Promise<{ workload: Workload; invariantsOk: boolean; violations: string[] }> {
  const c = CONFIG.pg;
  console.log(
    `PostgreSQL: ${c.users} users, ${c.concurrency} clients (pool ${c.poolSize}), ${c.warmupMs / 1000} s warm-up + ${c.durationMs / 1000} s`,
  );
  const url = await server.createDatabase(CONFIG.ledgerDatabase);
  const db = createDb({ databaseUrl: url, dataDir: null, poolSize: c.poolSize });
  try {
    await migrateToLatest(db);
    const accounts = await seedUsers(db, c.users);
    const workload = await runPostings(db, accounts, c);
    const report = await checkLedgerInvariants(db);
    console.log(
      `  ledger invariants: ${report.ok ? "hold" : "BROKEN"} (${report.counts.postings} postings, ${report.counts.entries} entries)`,
    );
    for (const violation of report.violations) console.error(`  VIOLATION ${violation}`);
    return { workload, invariantsOk: report.ok, violations: report.violations };
  } finally {
    await db.destroy();
  }
}

function row(label: string, w: Workload): string[] {
  const trend = `${fmt(w.firstSecond)} → ${fmt(w.lastSecond)}`;
  return [
    label,
    fmt(w.perSecond),
    trend,
    fmt(w.postings),
    fmt(w.seconds, 1),
    fmt(w.p50Ms, 2),
    fmt(w.p99Ms, 2),
    String(w.errors),
  ];
}

export async function runLedgerBench(): Promise<BenchResult> {
  const pglite = await benchPglite();
  console.log(`  ${fmt(pglite.perSecond)} postings/s`);

  const server = await openPgServer({ log: (message) => console.log(`  ${message}`) });
  let pgResult: Awaited<ReturnType<typeof benchPostgres>>;
  let tps: number;
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);
    pgResult = await benchPostgres(server);
    console.log(`  ${fmt(pgResult.workload.perSecond)} postings/s`);
    tps = await pgbenchTps(server, { database: CONFIG.pgbenchDatabase, ...CONFIG.pgbench });
    console.log(`  ${fmt(tps)} tps`);
  } finally {
    // On someone else's server, leave nothing behind; a throwaway cluster goes away whole.
    if (server.origin === "DATABASE_URL") await server.dropDatabase(CONFIG.ledgerDatabase).catch(() => {});
    await server.close();
  }

  const pg = pgResult.workload;
  const ratio = pg.perSecond / tps;
  console.log("");
  console.log(
    table([
      ["measure", "per second", "1st s → last s", "count", "window s", "p50 ms", "p99 ms", "errors"],
      row("PGlite postings (1 client)", pglite),
      row(`PostgreSQL postings (${CONFIG.pg.concurrency} clients)`, pg),
      [
        `pgbench tpcb-like (${CONFIG.pgbench.clients} clients)`,
        fmt(tps),
        "",
        "",
        fmt(CONFIG.pgbench.seconds, 1),
        "",
        "",
        "",
      ],
    ]),
  );
  console.log("");
  console.log(
    `ratio pg_postings_per_s / pgbench_tps = ${ratio.toFixed(2)} (goal ≥ 0.5: ${ratio >= 0.5 ? "met" : "NOT met"})`,
  );
  console.log(`ledger invariants after the PostgreSQL run: ${pgResult.invariantsOk ? "hold" : "BROKEN"}`);

  return {
    ok: pgResult.invariantsOk && pglite.errors === 0 && pg.errors === 0,
    summary: {
      bench: "ledger",
      pglite_postings_per_s: Math.round(pglite.perSecond),
      pg_postings_per_s: Math.round(pg.perSecond),
      pgbench_tps: Math.round(tps),
      ratio: Math.round(ratio * 100) / 100,
    },
  };
}
