/**
 * Solvency benchmark (proof of liabilities): one day's snapshot of SOLVENCY_BENCH_USERS users (default
 * 1,000,000) on PostgreSQL — their balances read from the ledger as it stands, the Merkle-sum tree
 * built, every leaf and node written — and the signed-in user's proof against `GET /me` on the same
 * app. Goals: users snapshotted per second ≥ 5 × pgbench tpcb-like tps on the same server in the same
 * run; proof p99 ≤ 3 × the p99 of `GET /me`. Checks: the root's total is what the ledger owes, a second
 * run for the day writes nothing, and every measured proof verifies against the published root.
 */
import { addDays, type SolvencyProof } from "@tickfair/contract";
import { verifyLiabilityProof } from "@tickfair/verify";
import { sql } from "kysely";
import { type App, buildApp } from "../apps/server/src/app";
import { systemClock } from "../apps/server/src/platform/clock";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { newToken } from "../apps/server/src/platform/tokens";
import { takeSnapshot } from "../apps/server/src/solvency/snapshot";
import { type BenchResult, fmt, quantile, table } from "./bench";
import { openPgServer } from "./pg-cluster";
import { pgbenchTps } from "./pg-programs";
import { quietConfig } from "./quiet-config";
import { seedSavers } from "./savings";

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const CONFIG = {
  users: envInt("SOLVENCY_BENCH_USERS", 1_000_000),
  /** Signed-in users whose proofs (and /me) are asked for, in turn. */
  sessions: 1_000,
  warmup: 200,
  requests: 3_000,
  goalRatio: 5,
  proofBudget: 3,
  pgbench: { scale: 10, clients: 16, threads: 2, seconds: 10 },
  database: "tickfair_solvency",
  pgbenchDatabase: "tickfair_pgbench",
};

const seconds = (from: number) => (performance.now() - from) / 1000;

/** Sessions for `count` users drawn at random, written directly (no password hashing). */
async function openSessions(db: Db, count: number): Promise<Record<string, string>[]> {
  const { rows: users } = await sql<{ id: bigint }>`
    select id from users order by random() limit ${count}`.execute(db);
  const tokens = users.map(() => newToken());
  const now = new Date();
  await db
    .insertInto("sessions")
    .values(
      users.map((row, i) => ({
        token_hash: tokens[i]?.hash ?? "",
        user_id: row.id,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
        revoked_at: null,
      })),
    )
    .execute();
  return tokens.map((token) => ({ authorization: `Bearer ${token.token}` }));
}

interface Latencies {
  me: { p50: number; p99: number };
  proof: { p50: number; p99: number };
  verified: number;
  failed: string[];
}

/** `GET /me` and `GET /solvency/proof` alternately (so the machine's noise falls on both), each user in turn. */
async function measure(app: App, sessions: Record<string, string>[], root: string): Promise<Latencies> {
  const me: number[] = [];
  const proof: number[] = [];
  const failed: string[] = [];
  let verified = 0;
  for (let i = 0; i < CONFIG.warmup + CONFIG.requests; i++) {
    const headers = sessions[i % sessions.length] ?? {};
    const order = i % 2 === 0 ? (["me", "proof"] as const) : (["proof", "me"] as const);
    for (const which of order) {
      const url = which === "me" ? "/api/v1/me" : "/api/v1/solvency/proof";
      const t0 = performance.now();
      const response = await app.inject({ method: "GET", url, headers });
      const ms = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i < CONFIG.warmup) continue;
      (which === "me" ? me : proof).push(ms);
      if (which === "proof") {
        const answer = response.json<SolvencyProof>();
        const check = verifyLiabilityProof(answer);
        if (check.ok && answer.root === root) verified++;
        else failed.push(`${answer.nonce}: ${JSON.stringify(check)}`);
      }
    }
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  };
  return { me: stats(me), proof: stats(proof), verified, failed };
}

export async function runSolvencyBench(): Promise<BenchResult> {
  const log = (line: string) => console.log(`  ${line}`);
  const problems: string[] = [];
  const server = await openPgServer({ log });
  let app: App | undefined;
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);
    const tps = await pgbenchTps(server, { database: CONFIG.pgbenchDatabase, ...CONFIG.pgbench });
    log(`${fmt(tps)} tps`);

    const url = await server.createDatabase(CONFIG.database);
    const db = createDb({ databaseUrl: url, dataDir: null, poolSize: 4 });
    try {
      await migrateToLatest(db);
      // The savings bench's population: users with their five accounts and a balance each, posted
      // through the ledger (one grant into Yu'ebao per user), set-based.
      const today = new Date().toISOString().slice(0, 10);
      console.log(`seeding ${fmt(CONFIG.users)} users, each with a balance`);
      let t0 = performance.now();
      await seedSavers(db, CONFIG.users, addDays(today, -1), (line) => log(line));
      const seedSeconds = seconds(t0);
      t0 = performance.now();
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db).catch(() => log("checkpoint not allowed here; skipped"));
      log(`seeded in ${fmt(seedSeconds, 1)} s, vacuum analyze + checkpoint ${fmt(seconds(t0), 1)} s`);

      // The day closes now: every seeded entry is before the cutoff.
      const cutoff = new Date();
      const day = today;
      console.log(`snapshot of ${day} (cutoff ${cutoff.toISOString()})`);
      const cpuBefore = server.cpuSeconds();
      const nodeBefore = process.cpuUsage();
      t0 = performance.now();
      const outcome = await takeSnapshot(db, { day, cutoff, now: () => new Date() });
      const snapshotSeconds = seconds(t0);
      const cpuAfter = server.cpuSeconds();
      const nodeCpu = process.cpuUsage(nodeBefore);
      if (!outcome.taken) throw new Error(`no snapshot taken: ${outcome.reason}`);
      const perSecond = outcome.users / snapshotSeconds;
      const pgCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      log(
        `${fmt(outcome.users)} users in ${fmt(snapshotSeconds, 2)} s (${fmt(perSecond)}/s); CPU: ${pgCpu === null ? "" : `PostgreSQL ${fmt(pgCpu, 2)} s + `}Node ${fmt((nodeCpu.user + nodeCpu.system) / 1e6, 2)} s`,
      );
      if (outcome.users !== CONFIG.users)
        problems.push(`${outcome.users} of ${CONFIG.users} users in the snapshot`);
      const owed = await sql<{ total: string }>`
        select coalesce(sum(balance), 0)::text as total from accounts where user_id is not null`.execute(db);
      if (owed.rows[0]?.total !== outcome.totalMinor.toString())
        problems.push(`root total ${outcome.totalMinor} but the ledger owes ${owed.rows[0]?.total}`);
      const sizes = await sql<{ leaves: string; nodes: string }>`
        select (select count(*) from solvency_leaves where day = ${day}::date)::text as leaves,
          (select count(*) from solvency_nodes where day = ${day}::date)::text as nodes`.execute(db);
      log(
        `written: ${fmt(Number(sizes.rows[0]?.leaves))} leaves, ${fmt(Number(sizes.rows[0]?.nodes))} nodes`,
      );

      t0 = performance.now();
      const again = await takeSnapshot(db, { day, cutoff, now: () => new Date() });
      const rerunMs = seconds(t0) * 1000;
      log(`second run for ${day}: ${again.taken ? "TAKEN AGAIN" : again.reason}, ${fmt(rerunMs, 1)} ms`);
      if (again.taken) problems.push("a second snapshot of the same day was taken");

      await sql`analyze`.execute(db);
      const sessions = await openSessions(db, CONFIG.sessions);
      app = await buildApp({ config: quietConfig(url), db, clock: systemClock, logger: false });
      await app.ready();
      console.log(
        `${fmt(CONFIG.requests)} requests each (after ${CONFIG.warmup} to warm up), alternating, through app.inject, ${fmt(sessions.length)} users in turn`,
      );
      const latencies = await measure(app, sessions, outcome.root);
      problems.push(...latencies.failed.slice(0, 5).map((failure) => `a proof did not verify: ${failure}`));
      const snapshotRatio = perSecond / tps;
      const proofRatio = latencies.proof.p99 / latencies.me.p99;
      const ms = (n: number) => fmt(n, 2);
      console.log("");
      console.log(
        table([
          ["measure", "figure"],
          ["users seeded (set-based), s", fmt(seedSeconds, 1)],
          [`snapshot of ${fmt(outcome.users)} users, s`, fmt(snapshotSeconds, 2)],
          ["users snapshotted per second", fmt(perSecond)],
          [`pgbench tpcb-like (${CONFIG.pgbench.clients} clients), tps`, fmt(tps)],
          ["ratio snapshotted per second / pgbench tps", fmt(snapshotRatio, 2)],
          ["GET /me p50 / p99, ms", `${ms(latencies.me.p50)} / ${ms(latencies.me.p99)}`],
          ["GET /solvency/proof p50 / p99, ms", `${ms(latencies.proof.p50)} / ${ms(latencies.proof.p99)}`],
          ["ratio proof p99 / me p99", fmt(proofRatio, 2)],
          ["proofs verified against the root", `${fmt(latencies.verified)} of ${fmt(CONFIG.requests)}`],
          ["second run for the same day, ms", fmt(rerunMs, 1)],
        ]),
      );
      console.log("");
      console.log(
        `snapshot ratio ${snapshotRatio.toFixed(2)} (goal ≥ ${CONFIG.goalRatio}: ${snapshotRatio >= CONFIG.goalRatio ? "met" : "NOT met"}); proof p99 ratio ${proofRatio.toFixed(2)} (budget ≤ ${CONFIG.proofBudget}: ${proofRatio <= CONFIG.proofBudget ? "met" : "NOT met"}); ${problems.length === 0 ? "every check held" : `${problems.length} problem(s)`}`,
      );
      for (const problem of problems) console.error(`  PROBLEM ${problem}`);
      return {
        ok: problems.length === 0,
        summary: {
          bench: "solvency",
          users: outcome.users,
          snapshot_s: Math.round(snapshotSeconds * 100) / 100,
          users_per_s: Math.round(perSecond),
          pgbench_tps: Math.round(tps),
          ratio: Math.round(snapshotRatio * 100) / 100,
          me_p99_ms: Math.round(latencies.me.p99 * 1000) / 1000,
          proof_p99_ms: Math.round(latencies.proof.p99 * 1000) / 1000,
          proof_ratio: Math.round(proofRatio * 100) / 100,
        },
      };
    } finally {
      await app?.close();
      await db.destroy();
    }
  } finally {
    if (server.origin === "DATABASE_URL") await server.dropDatabase(CONFIG.database).catch(() => {});
    await server.close();
  }
}
