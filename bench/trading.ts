/**
 * Trading benchmark, on PostgreSQL (DATABASE_URL, or a throwaway cluster from pg-cluster.ts):
 *
 * 1. WebSocket tickers: 5,000 clients in another process (bench/ws-clients.ts) subscribed to the ticker
 *    stream of the running server while its feed records ticks; delivery lag = receive time − the
 *    message's `at`, p99 over every message of every client in 10 s. Goal: p99 ≤ 100 ms. Then the same
 *    clients against a bare `ws` server sending the same message (bench/bare-tickers.ts): the floor this
 *    machine sets, printed beside the app's figure.
 * 2. Contracts placed per second through the real HTTP API of the real app (buildApp, feed and
 *    settlement worker on), from another process (bench/place-clients.ts): 16 keep-alive clients, 64
 *    users who registered, signed in and took a demo top-up through the API, an Idempotency-Key per
 *    order; against `pgbench -b tpcb-like` with as many clients on the same server in the same run.
 *    Goal: placed per second ≥ 0.5 × pgbench tps.
 * 3. 100,000 contracts expiring in the same second, each with its stake really frozen by a posting,
 *    its entry assigned by assignEntries from recorded ticks, and recorded ticks up to and past its
 *    expiry; then several settleDueContracts loops in parallel (as several server processes would)
 *    until every one is settled. Goal: ≤ 5 s, and afterwards each contract settled exactly once
 *    (its own settle posting, stakes all released, every user's cash = grant − stakes + payouts) and
 *    the ledger's invariants hold. The CPU time PostgreSQL (throwaway cluster) and the loops' process
 *    spent is printed with the machine's processor count: settling is CPU-bound, and these say what
 *    the same work needs elsewhere.
 *
 * Settings can be changed for a run by hand (the figures in docs/performance.md use the defaults):
 * TRADING_BENCH_CLIENTS (16), TRADING_BENCH_SETTLE_WORKERS (4), TRADING_BENCH_SETTLE_BATCH (2000),
 * TRADING_BENCH_SETTLE_USERS (25000), TRADING_BENCH_CONTRACTS (100000), TRADING_BENCH_WS_CLIENTS (5000).
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { toMinor } from "@tickfair/contract";
import { sql } from "kysely";
import { type App, buildApp } from "../apps/server/src/app";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { systemAccountIds, writeLegs } from "../apps/server/src/ledger/service";
import { CATALOGUE } from "../apps/server/src/market/catalogue";
import type { FeedTick } from "../apps/server/src/market/feed";
import { parseScaled } from "../apps/server/src/market/prices";
import { seedCatalogue } from "../apps/server/src/market/seed";
import { latestTickers, recordTicks } from "../apps/server/src/market/ticks";
import { systemClock } from "../apps/server/src/platform/clock";
import { loadConfig } from "../apps/server/src/platform/config";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { USER_ACCOUNT_KINDS } from "../apps/server/src/platform/schema";
import { assignEntries, settleDueContracts } from "../apps/server/src/trading/service";
import { startBareTickersServer } from "./bare-tickers";
import { type BenchResult, fmt, table } from "./bench";
import { openPgServer, pgbenchTps } from "./pg-cluster";
import type { PlaceOptions, PlaceResult } from "./place-clients";
import type { WsOptions, WsResult } from "./ws-clients";

const ROOT = path.resolve(import.meta.dirname, "..");

/** A whole number from the environment (for trying other settings by hand), else the default. */
function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number`);
  return parsed;
}

const CONFIG = {
  appDatabase: "tickfair_bench_trading",
  place: {
    users: 64,
    concurrency: envInt("TRADING_BENCH_CLIENTS", 16),
    warmupMs: 2_000,
    durationMs: 10_000,
    // Crypto trades around the clock; FX and metals close at weekends.
    symbol: "BTC/USDT",
    durationSeconds: 60,
    stake: "10.00",
    topUp: "999999.00",
    goalRatio: 0.5,
  },
  pgbench: { database: "tickfair_bench_trading_pgbench", scale: 10, threads: 2, seconds: 10 },
  settle: {
    database: "tickfair_bench_settle",
    contracts: envInt("TRADING_BENCH_CONTRACTS", 100_000),
    /** Each user holds one contract of each duration, all expiring in the same second. */
    users: envInt("TRADING_BENCH_SETTLE_USERS", 25_000),
    workers: envInt("TRADING_BENCH_SETTLE_WORKERS", 4),
    batchSize: envInt("TRADING_BENCH_SETTLE_BATCH", 2_000),
    goalSeconds: 5,
    /** Contracts written per statement while setting up. */
    chunk: 10_000,
    /** Stop the settlement loops after this long, settled or not. */
    giveUpSeconds: 300,
  },
  ws: {
    clients: envInt("TRADING_BENCH_WS_CLIENTS", 5_000),
    openConcurrency: 100,
    openTimeoutMs: 30_000,
    windowMs: 10_000,
    goalP99Ms: 100,
  },
};

// ---------------------------------------------------------------------------------------------------
// The running server

interface Server {
  app: App;
  db: Db;
  origin: string;
}

/**
 * The real app on the bench database, listening on a free loopback port: feed and settlement worker on,
 * as a production process runs. Demo mode on for the users' top-ups; the per-IP rate limit raised,
 * since every bench client comes from 127.0.0.1; logs at error level only.
 */
async function startServer(url: string): Promise<Server> {
  const config = loadConfig({
    DATABASE_URL: url,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "error",
    DEMO_MODE: "true",
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
    FEED_ENABLED: "true",
    TRADING_WORKER_ENABLED: "true",
  });
  const db = createDb({ databaseUrl: url, dataDir: null });
  await migrateToLatest(db);
  const app = await buildApp({ config, db, clock: systemClock });
  app.addHook("onClose", async () => {
    await db.destroy();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server has no TCP address");
  return { app, db, origin: `http://127.0.0.1:${address.port}` };
}

async function waitForTicks(db: Db, symbol: string, count: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await sql<{ n: string }>`
      select count(*)::text as n from ticks where symbol = ${symbol}`.execute(db);
    if (Number(result.rows[0]?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`the feed recorded no ${symbol} ticks within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function api<T>(
  origin: string,
  route: string,
  body: unknown,
  expected: number,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(new URL(route, origin), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`POST ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** `count` users, each registered, signed in and topped up through the API; returns their tokens. */
async function createTraders(server: Server, count: number, topUp: string): Promise<string[]> {
  const inviteCode = "BENCHTRADE";
  await server.db
    .insertInto("invite_codes")
    .values({ code: inviteCode, max_uses: null, created_at: new Date() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const tokens = new Array<string>(count);
  let next = 0;
  const one = async (i: number) => {
    const account = `bench${String(i).padStart(4, "0")}`;
    const password = "bench-pass-1";
    await api(
      server.origin,
      "/api/v1/auth/register",
      {
        account,
        phoneCountry: "CN",
        phone: `1390${String(i).padStart(7, "0")}`,
        inviteCode,
        password,
        passwordConfirm: password,
        payPassword: "135790",
        payPasswordConfirm: "135790",
      },
      201,
    );
    const session = await api<{ token: string }>(
      server.origin,
      "/api/v1/auth/login",
      { account, password },
      200,
    );
    await api(server.origin, "/api/v1/cashier/demo-topup", { amount: topUp }, 200, {
      authorization: `Bearer ${session.token}`,
      "idempotency-key": `bench-topup-${i}`,
    });
    tokens[i] = session.token;
  };
  // Password hashing (argon2) dominates; a few at a time keep both cores busy.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return tokens;
}

/** Runs bench/<script> with tsx in its own process; resolves with the JSON of its last stdout line. */
/** The WebSocket clients' process (bench/ws-clients.ts) against `url`, with the bench's settings. */
function runWsClients(url: string): Promise<WsResult> {
  const w = CONFIG.ws;
  return runChild<WsResult>("ws-clients.ts", {
    url,
    clients: w.clients,
    openConcurrency: w.openConcurrency,
    openTimeoutMs: w.openTimeoutMs,
    windowMs: w.windowMs,
  } satisfies WsOptions);
}

function runChild<T>(script: string, options: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench", script), JSON.stringify(options)],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0) {
        reject(new Error(`bench/${script} exited with ${code ?? signal}\n${stdout}`));
        return;
      }
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`bench/${script} printed no result:\n${stdout}`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// 1 and 2: WebSocket lag and placement, on the running server

interface PlaceCheck {
  contracts: number;
  maxStakedMinor: bigint;
  invariantsOk: boolean;
  violations: string[];
}

async function checkPlacements(db: Db): Promise<PlaceCheck> {
  const counts = await sql<{ contracts: string; max_staked: string | null }>`
    select (select count(*) from contracts)::text as contracts,
      (select max(s)::text from (select sum(stake) as s from contracts group by user_id) per_user) as max_staked`.execute(
    db,
  );
  const report = await checkLedgerInvariants(db);
  return {
    contracts: Number(counts.rows[0]?.contracts ?? 0),
    maxStakedMinor: BigInt(counts.rows[0]?.max_staked ?? 0),
    invariantsOk: report.ok,
    violations: report.violations,
  };
}

// ---------------------------------------------------------------------------------------------------
// 3: 100,000 contracts due in the same second

/** A small seeded generator (mulberry32), so every run sets up the same contracts and prices. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DueSetup {
  contracts: number;
  users: number;
  grantMinor: bigint;
  expirySecond: string;
  ticks: number;
  setupSeconds: number;
}

/**
 * Sets up `contracts` contracts that are honestly due, the way placement and the feed would have left
 * them, only written in bulk: users with their accounts and a granted balance (postings from
 * demo_grants); recorded ticks of the crypto products every second from before the longest duration's
 * entry until two seconds past expiry; for each contract a `stake` posting (cash → frozen_trade, through
 * the ledger's triggers) and a pending contract accepted half a second before its entry tick; then the
 * real assignEntries gives each its entry and expiry. Each user holds one contract of each duration
 * (300/180/60/30 s, accepted at different times), so all of them expire in the same second.
 */
async function setupDueContracts(db: Db, log: (message: string) => void = () => {}): Promise<DueSetup> {
  const c = CONFIG.settle;
  const started = performance.now();
  let stepStarted = started;
  const step = (what: string) => {
    const now = performance.now();
    log(`${what} in ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = now;
  };
  const random = seeded(20_261_121);
  await seedCatalogue(db);

  const products = CATALOGUE.filter((p) => p.schedule === "always");
  const rates = await sql<{ symbol: string; seconds: number; payout_rate_bps: number }>`
    select symbol, seconds, payout_rate_bps from product_durations`.execute(db);
  const rateOf = (symbol: string, seconds: number) => {
    const row = rates.rows.find((r) => r.symbol === symbol && r.seconds === seconds);
    if (!row) throw new Error(`${symbol} offers no ${seconds} s duration`);
    return row.payout_rate_bps;
  };
  const durations = [300, 180, 60, 30];
  const longest = Math.max(...durations);

  // Expiry second E: a little in the past, so every contract is due and its exit tick is final.
  const expiry = Math.floor(Date.now() / 1000) * 1000 - 20_000;
  const offsetOf = (index: number) => 100 + 250 * index;
  const ticks: FeedTick[] = [];
  products.forEach((product, index) => {
    let price = Number(parseScaled(product.simulation.startPrice, product.precision));
    for (let s = -(longest + 2); s <= 2; s++) {
      price = Math.max(1, Math.round(price * (1 + (random() - 0.5) * 0.001)));
      ticks.push({
        symbol: product.symbol,
        time: new Date(expiry + s * 1000 + offsetOf(index)),
        price: BigInt(price),
        volume: 1n,
      });
    }
  });
  const stored = await recordTicks(db, ticks);
  if (stored.length !== ticks.length) throw new Error(`recorded ${stored.length} of ${ticks.length} ticks`);
  step(`${stored.length} ticks recorded`);

  // Users, their five accounts, and a grant each that covers every stake they will hold.
  const maxStakeMinor = 10_000;
  const perUser = Math.ceil(c.contracts / c.users);
  const grantMinor = BigInt(perUser * maxStakeMinor + 10_000);
  const at = new Date(expiry - (longest + 60) * 1000);
  await sql`
    insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash, invite_code, created_at)
    select 's' || lpad(g::text, 7, '0'), '+86137' || lpad(g::text, 8, '0'), 'CN', 's' || g,
      'bench-not-a-hash', 'bench-not-a-hash', 'SETTLE' || g, ${at}::timestamptz
    from generate_series(1, ${c.users}::int) g`.execute(db);
  await sql`
    insert into accounts (user_id, kind, balance, created_at)
    select u.id, k.kind, 0, ${at}::timestamptz
    from users u cross join unnest(${[...USER_ACCOUNT_KINDS]}::text[]) as k (kind)
    order by u.id`.execute(db);
  step(`${c.users} users and their accounts`);
  // Fresh statistics after each bulk step, as autovacuum keeps them on a live server: without them
  // the ledger's balance trigger plans a scan of all entries for every posting a statement touches.
  const analyze = async () => {
    for (const table of ["postings", "ledger_entries", "accounts", "contracts"]) {
      await sql.raw(`analyze ${table}`).execute(db);
    }
  };
  // A grant per user, shaped like a demo top-up: one posting demo_grants → cash, a few thousand a statement.
  const { demo_grants } = await systemAccountIds(db);
  for (let first = 1; first <= c.users; first += 5_000) {
    await sql`
      with granted as (
        insert into postings (kind, user_id, created_at)
        select 'bench_grant', u.id, ${at}::timestamptz
        from (select id from users order by id offset ${first - 1} limit 5000) u
        returning id, user_id
      ), legs as (
        select granted.id as posting_id, leg.account_id, leg.amount, 0 as seq
        from granted
        join accounts cash on cash.user_id = granted.user_id and cash.kind = 'cash'
        cross join lateral (values (cash.id, ${grantMinor}::bigint), (${demo_grants}::bigint, ${-grantMinor}::bigint))
          as leg (account_id, amount)
      ), ${writeLegs(at)}
      select count(*) from granted`.execute(db);
    await analyze();
  }
  step(`${c.users} grants posted`);
  const userIds = (
    await sql<{ id: string }>`select id::text as id from users order by id`.execute(db)
  ).rows.map((row) => row.id);

  // The contracts in the order they were placed: longest duration first; in each duration, the users
  // in a shuffled order, each on a random crypto product, direction and stake.
  interface Spec {
    user: string;
    symbol: string;
    direction: "up" | "down";
    stake: number;
    duration: number;
    rate: number;
    accepted: string;
  }
  const specs: Spec[] = [];
  const perDuration = Math.ceil(c.contracts / durations.length);
  for (const [group, duration] of durations.entries()) {
    // The next perDuration users round the list, shuffled: with as many users as contracts of one
    // duration, each user holds one contract of each; with more, the groups are different users.
    const order = Array.from({ length: perDuration }, (_, n) => (group * perDuration + n) % userIds.length);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (let n = 0; n < perDuration && specs.length < c.contracts; n++) {
      const productIndex = Math.floor(random() * products.length);
      const product = products[productIndex];
      const user = userIds[order[n] ?? 0];
      if (!product || !user) throw new Error("no product or user");
      // Half a second before the entry tick, which lands exactly `duration` seconds before expiry.
      const entry = expiry - duration * 1000 + offsetOf(productIndex);
      specs.push({
        user,
        symbol: product.symbol,
        direction: random() < 0.5 ? "up" : "down",
        stake: 1_000 + 100 * Math.floor(random() * 91),
        duration,
        rate: rateOf(product.symbol, duration),
        accepted: new Date(entry - 500).toISOString(),
      });
    }
  }

  // Each chunk in one statement: the stake postings with their entries (the triggers move the
  // balances and check each posting balances), then the pending contracts naming them.
  for (let i = 0; i < specs.length; i += c.chunk) {
    const chunk = specs.slice(i, i + c.chunk);
    await sql`
      with spec as materialized (
        select nextval(pg_get_serial_sequence('contracts', 'id')) as id, s.*
        from unnest(${chunk.map((s) => s.user)}::bigint[], ${chunk.map((s) => s.symbol)}::text[],
          ${chunk.map((s) => s.direction)}::text[], ${chunk.map((s) => s.stake)}::bigint[],
          ${chunk.map((s) => s.duration)}::int[], ${chunk.map((s) => s.rate)}::int[],
          ${chunk.map((s) => s.accepted)}::timestamptz[])
          as s (user_id, symbol, direction, stake, duration_seconds, payout_rate_bps, accepted_at)
      ), posted as (
        insert into postings (kind, user_id, reference, created_at)
        select 'stake', spec.user_id, 'C' || lpad(spec.id::text, 10, '0'), spec.accepted_at from spec
        returning id, reference
      ), legs as (
        select posted.id as posting_id, leg.account_id, leg.amount, 0 as seq
        from spec
        join posted on posted.reference = 'C' || lpad(spec.id::text, 10, '0')
        join accounts cash on cash.user_id = spec.user_id and cash.kind = 'cash'
        join accounts held on held.user_id = spec.user_id and held.kind = 'frozen_trade'
        cross join lateral (values (cash.id, -spec.stake), (held.id, spec.stake)) as leg (account_id, amount)
      ), ${writeLegs(at)}
      insert into contracts (id, user_id, symbol, direction, stake, duration_seconds, payout_rate_bps,
        status, accepted_at, stake_posting_id)
      select spec.id, spec.user_id, spec.symbol, spec.direction, spec.stake, spec.duration_seconds,
        spec.payout_rate_bps, 'pending', spec.accepted_at, posted.id
      from spec join posted on posted.reference = 'C' || lpad(spec.id::text, 10, '0')`.execute(db);
    await analyze();
  }
  step(`${specs.length} stakes posted and contracts written`);

  // The entries, by the server's own code: the first tick after acceptance, expiry = entry + duration.
  for (;;) {
    const assigned = await assignEntries(db);
    if (assigned.length === 0) break;
  }
  step("entries assigned");
  const state = await sql<{ open: string; total: string; seconds: string; first: Date | null }>`
    select count(*) filter (where status = 'open')::text as open, count(*)::text as total,
      count(distinct date_trunc('second', expiry_at))::text as seconds, min(expiry_at) as first
    from contracts`.execute(db);
  const row = state.rows[0];
  if (Number(row?.open) !== c.contracts || Number(row?.total) !== c.contracts || Number(row?.seconds) !== 1) {
    throw new Error(
      `setup left ${row?.open} of ${row?.total} contracts open over ${row?.seconds} expiry seconds`,
    );
  }
  // What autovacuum would have done by now after this many writes: fresh statistics for the planner.
  for (const table of ["contracts", "postings", "ledger_entries", "accounts", "ticks"]) {
    await sql.raw(`vacuum analyze ${table}`).execute(db);
  }
  step("vacuum analyze");
  return {
    contracts: c.contracts,
    users: c.users,
    grantMinor,
    expirySecond: row?.first ? new Date(Math.floor(row.first.getTime() / 1000) * 1000).toISOString() : "",
    ticks: stored.length,
    setupSeconds: (performance.now() - started) / 1000,
  };
}

interface SettleRun {
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
async function settleAll(url: string, serverCpuSeconds: () => number | null): Promise<SettleRun> {
  const c = CONFIG.settle;
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

interface SettleCheck {
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

// ---------------------------------------------------------------------------------------------------
// Output

/** The CPU seconds settling took: PostgreSQL's (where readable) and the loops'. */
const cpuTotal = (run: SettleRun) => (run.serverCpuSeconds ?? 0) + run.loopsCpuSeconds;

/** PostgreSQL's and the loops' CPU seconds while settling, and their sum over the wall time. */
function cpuLine(run: SettleRun): string {
  const server = run.serverCpuSeconds;
  const total = cpuTotal(run);
  return server === null
    ? `loops ${fmt(run.loopsCpuSeconds, 2)} s (PostgreSQL's not readable here)`
    : `PostgreSQL ${fmt(server, 2)} s + loops ${fmt(run.loopsCpuSeconds, 2)} s, ${fmt(total / run.seconds, 2)} processors busy on average`;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const verdict = (met: boolean) => (met ? "met" : "NOT met");

export async function runTradingBench(): Promise<BenchResult> {
  const server = await openPgServer({ log: (message) => console.log(`  ${message}`) });
  const problems: string[] = [];
  let ws: WsResult;
  let wsBare: WsResult;
  /** The tickers the app last sent, for the bare server to send too. */
  let tickerItems: unknown[] = [];
  let place: PlaceResult;
  let placeCheck: PlaceCheck;
  let tps: number;
  let setup: DueSetup;
  let settle: SettleRun;
  let settleCheck: SettleCheck;
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);

    // The running server: the real app, its feed recording ticks.
    const url = await server.createDatabase(CONFIG.appDatabase);
    const app = await startServer(url);
    try {
      const p = CONFIG.place;
      console.log(`server: the app on ${app.origin}, feed and settlement worker on`);
      await waitForTicks(app.db, p.symbol, 2);
      const t0 = performance.now();
      const tokens = await createTraders(app, p.users, p.topUp);
      console.log(
        `  ${p.users} users registered, signed in and topped up (${p.topUp} each) through the API in ${fmt((performance.now() - t0) / 1000, 1)} s`,
      );

      const w = CONFIG.ws;
      console.log(
        `WebSocket: ${fmt(w.clients)} clients in another process subscribe to tickers, then ${w.windowMs / 1000} s measured`,
      );
      ws = await runWsClients(`${app.origin.replace(/^http/, "ws")}/api/ws`);
      const failedOpens = Object.entries(ws.failed);
      console.log(
        `  ${fmt(ws.connected)} connected in ${fmt(ws.openSeconds, 1)} s${failedOpens.length > 0 ? `, failed: ${failedOpens.map(([code, n]) => `${code} ×${n}`).join(", ")}` : ""}; fd limit ${ws.fdLimit}`,
      );
      console.log(
        `  ${fmt(ws.messages)} tickers messages to ${fmt(ws.clientsWithMessages)} clients; lag p50 ${fmt(ws.p50LagMs)} ms, p99 ${fmt(ws.p99LagMs)} ms, max ${fmt(ws.maxLagMs)} ms`,
      );
      if (failedOpens.some(([code]) => code === "EMFILE"))
        problems.push(`EMFILE opening WebSocket clients: raise the open-file limit (was ${ws.fdLimit})`);
      tickerItems = [...(await latestTickers(app.db, new Date())).values()];

      console.log(
        `placement: ${p.concurrency} keep-alive clients in another process, ${p.users} users, POST /api/v1/trading/contracts (${p.symbol}, ${p.durationSeconds} s, ${p.stake}), ${p.warmupMs / 1000} s warm-up + ${p.durationMs / 1000} s`,
      );
      place = await runChild<PlaceResult>("place-clients.ts", {
        origin: app.origin,
        tokens,
        balanceMinor: Number(toMinor(p.topUp)),
        symbol: p.symbol,
        durationSeconds: p.durationSeconds,
        stake: p.stake,
        stakeMinor: Number(toMinor(p.stake)),
        concurrency: p.concurrency,
        warmupMs: p.warmupMs,
        durationMs: p.durationMs,
      } satisfies PlaceOptions);
      console.log(
        `  ${fmt(place.perSecond)} contracts/s, p50 ${fmt(place.p50Ms, 2)} ms, p99 ${fmt(place.p99Ms, 2)} ms`,
      );
      const failures = Object.entries(place.failures);
      if (failures.length > 0) {
        problems.push(
          `orders refused: ${failures.map(([status, n]) => `${status} ×${n}`).join(", ")}; first: ${place.firstFailure}`,
        );
      }
      if (place.exhaustedUsers > 0) problems.push("the users' balances ran out: give them more");
      placeCheck = await checkPlacements(app.db);
      console.log(
        `  ${fmt(placeCheck.contracts)} contracts in the database, ${fmt(place.accepted)} accepted; most staked by one user ${fmt(Number(placeCheck.maxStakedMinor) / 100, 2)} of ${p.topUp}; ledger invariants ${placeCheck.invariantsOk ? "hold" : "BROKEN"}`,
      );
      if (placeCheck.contracts !== place.accepted)
        problems.push(`${placeCheck.contracts} contracts stored for ${place.accepted} accepted orders`);
      if (placeCheck.maxStakedMinor > toMinor(p.topUp))
        problems.push("a user staked more than their balance");
      for (const violation of placeCheck.violations) problems.push(`after placement: ${violation}`);
    } finally {
      await app.app.close();
    }

    console.log(
      `WebSocket floor: the same ${fmt(CONFIG.ws.clients)} clients against a bare ws server sending the same tickers message (the app stopped)`,
    );
    const bare = await startBareTickersServer(tickerItems);
    try {
      wsBare = await runWsClients(bare.url);
    } finally {
      await bare.close();
    }
    console.log(
      `  ${fmt(wsBare.connected)} connected; lag p50 ${fmt(wsBare.p50LagMs)} ms, p99 ${fmt(wsBare.p99LagMs)} ms, max ${fmt(wsBare.maxLagMs)} ms`,
    );

    tps = await pgbenchTps(server, { ...CONFIG.pgbench, clients: CONFIG.place.concurrency });
    console.log(`  ${fmt(tps)} tps`);

    const s = CONFIG.settle;
    console.log(
      `settlement: ${fmt(s.contracts)} contracts of ${fmt(s.users)} users due in the same second; ${s.workers} settleDueContracts loops, batch ${fmt(s.batchSize)}`,
    );
    const settleUrl = await server.createDatabase(s.database);
    const db = createDb({ databaseUrl: settleUrl, dataDir: null, poolSize: 4 });
    try {
      await migrateToLatest(db);
      setup = await setupDueContracts(db, (message) => console.log(`  ${message}`));
      console.log(
        `  set up in ${fmt(setup.setupSeconds, 1)} s: ${fmt(setup.ticks)} ticks, every contract open with its entry, expiring in ${setup.expirySecond}`,
      );
      settle = await settleAll(settleUrl, () => server.cpuSeconds());
      console.log(
        `  ${fmt(settle.settled)} settled in ${fmt(settle.seconds, 2)} s (${fmt(settle.settled / settle.seconds)}/s), ${fmt(settle.batches)} batches, mean ${fmt(settle.meanBatchMs)} ms, max ${fmt(settle.maxBatchMs)} ms${settle.errors > 0 ? `, ${settle.errors} errors; first: ${settle.firstError}` : ""}`,
      );
      console.log(`  CPU meanwhile: ${cpuLine(settle)}`);
      settleCheck = await checkSettlement(db, setup.grantMinor);
      console.log(
        `  afterwards: ${fmt(settleCheck.closed)} closed (${fmt(settleCheck.wins)} won, ${fmt(settleCheck.losses)} lost, ${fmt(settleCheck.draws)} drawn, ${fmt(settleCheck.voided)} void), ${fmt(settleCheck.stillDue)} still due; ledger invariants ${settleCheck.invariantsOk ? "hold" : "BROKEN"}`,
      );
      if (settle.gaveUp) problems.push(`settlement gave up after ${s.giveUpSeconds} s`);
      if (settle.errors > 0)
        problems.push(`settlement errors: ${settle.errors}; first: ${settle.firstError}`);
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
    } finally {
      await db.destroy();
    }
  } finally {
    // On someone else's server, leave nothing behind; a throwaway cluster goes away whole.
    if (server.origin === "DATABASE_URL") {
      await server.dropDatabase(CONFIG.appDatabase).catch(() => {});
      await server.dropDatabase(CONFIG.settle.database).catch(() => {});
    }
    await server.close();
  }

  const p = CONFIG.place;
  const s = CONFIG.settle;
  const w = CONFIG.ws;
  const ratio = place.perSecond / tps;
  const placeMet = ratio >= p.goalRatio;
  const settleMet = !settle.gaveUp && settleCheck.closed === s.contracts && settle.seconds <= s.goalSeconds;
  const wsMet = ws.connected === w.clients && ws.messages > 0 && ws.p99LagMs <= w.goalP99Ms;
  console.log("");
  console.log(
    table([
      ["measure", "figure", "detail", "goal", ""],
      [
        `contracts placed over HTTP (${p.concurrency} clients)`,
        `${fmt(place.perSecond)}/s`,
        `p50 ${fmt(place.p50Ms, 2)} ms, p99 ${fmt(place.p99Ms, 2)} ms, 1st s ${fmt(place.firstSecond)} → last s ${fmt(place.lastSecond)}`,
        "",
        "",
      ],
      [`pgbench tpcb-like (${p.concurrency} clients)`, `${fmt(tps)} tps`, "", "", ""],
      ["ratio placed / pgbench", ratio.toFixed(2), "", `≥ ${p.goalRatio}`, verdict(placeMet)],
      [
        `settle ${fmt(s.contracts)} due (${s.workers} loops, batch ${fmt(s.batchSize)})`,
        `${fmt(settle.seconds, 2)} s`,
        `${fmt(settle.settled / settle.seconds)}/s, ${fmt(settle.batches)} batches, mean ${fmt(settle.meanBatchMs)} ms, max ${fmt(settle.maxBatchMs)} ms`,
        `≤ ${s.goalSeconds} s`,
        verdict(settleMet),
      ],
      [
        "  CPU spent settling",
        `${fmt(cpuTotal(settle), 2)} s`,
        `${cpuLine(settle)}; ${os.availableParallelism()} processors here`,
        "",
        "",
      ],
      [
        `WebSocket tickers lag (${fmt(ws.connected)} clients)`,
        `p99 ${fmt(ws.p99LagMs)} ms`,
        `p50 ${fmt(ws.p50LagMs)} ms, max ${fmt(ws.maxLagMs)} ms, ${fmt(ws.messages)} messages`,
        `≤ ${w.goalP99Ms} ms, ${fmt(w.clients)} clients`,
        verdict(wsMet),
      ],
      [
        "  the same clients, bare ws server (floor)",
        `p99 ${fmt(wsBare.p99LagMs)} ms`,
        `p50 ${fmt(wsBare.p50LagMs)} ms, max ${fmt(wsBare.maxLagMs)} ms, ${fmt(wsBare.messages)} messages`,
        "",
        "",
      ],
    ]),
  );
  console.log("");
  for (const problem of problems) console.error(`PROBLEM ${problem}`);
  console.log(
    `exactly-once settlement and ledger invariants: ${problems.length === 0 ? "hold" : "see the problems above"}`,
  );

  return {
    ok: problems.length === 0 && placeMet && settleMet && wsMet,
    summary: {
      bench: "trading",
      place_per_s: Math.round(place.perSecond),
      pgbench_tps: Math.round(tps),
      ratio: round(ratio, 2),
      place_p50_ms: round(place.p50Ms, 2),
      place_p99_ms: round(place.p99Ms, 2),
      settle_100k_s: round(settle.seconds, 2),
      ws_clients: ws.connected,
      ws_p99_lag_ms: round(ws.p99LagMs, 1),
      ws_bare_p99_lag_ms: round(wsBare.p99LagMs, 1),
      settle_server_cpu_s: settle.serverCpuSeconds === null ? null : round(settle.serverCpuSeconds, 2),
      settle_loops_cpu_s: round(settle.loopsCpuSeconds, 2),
      processors: os.availableParallelism(),
    },
  };
}
