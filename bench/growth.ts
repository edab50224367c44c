/**
 * Growth benchmark: what a year of one product's history costs the operations users and operators wait
 * on, against a day of it. Two databases on one PostgreSQL server, seeded alike by growth-seed.ts with a
 * day and with a year (365 days; GROWTH_DAYS sets fewer for a quick look); the real app runs on each and
 * every operation is timed alternately on both, so the machine's noise falls on both alike. The figure
 * of each is the p99 of the year over the p99 of the day; bytes per tick are the ticks table's with its
 * indexes over its rows. The ledger check is the routine one, since the checkpoint a full check made
 * before the timed operations; the full check's time is printed beside it, outside the budget.
 * Budget: every ratio ≤ 1.5.
 */

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { generateSecret, generateSync } from "otplib";
import { type App, buildApp } from "../apps/server/src/app";
import { archiveTickMonths } from "../apps/server/src/market/tick-archiver";
import { recordTicks } from "../apps/server/src/market/ticks";
import { createOperator } from "../apps/server/src/operators/service";
import { completeOperatorSignIn, startOperatorSignIn } from "../apps/server/src/operators/sign-in";
import { systemClock } from "../apps/server/src/platform/clock";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { createBlobStore } from "../apps/server/src/platform/s3-blob-store";
import { newToken } from "../apps/server/src/platform/tokens";
import { settleDueContracts } from "../apps/server/src/trading/settlement";
import { type BenchResult, fmt, quantile, table } from "./bench";
import { explainFrom, explainServerOptions, keepPlans } from "./growth-explain";
import { bytesPerDay, bytesPerTick, fullLedgerCheckMs, GROWING, ledgerCheckMs } from "./growth-measures";
import { type GrowthData, MIX, seedGrowth } from "./growth-seed";
import { openPgServer } from "./pg-cluster";
import type { PgServer } from "./pg-server";
import { quietConfig } from "./quiet-config";

const CONFIG = {
  days: { day: 1, year: Number(process.env.GROWTH_DAYS ?? 365) },
  warmup: 20,
  /**
   * The p99 of 1,000 calls is the tenth-slowest: fewer, and a scheduling pause decides it. GROWTH_CALLS
   * takes fewer for a quick look at the plans, not for the budget.
   */
  requests: Number(process.env.GROWTH_CALLS ?? 1_000),
  /** Settling uses the seeded due contracts, one each time (MIX.dueContracts covers the warm-up too). */
  settles: Number(process.env.GROWTH_CALLS ?? 1_000),
  ledgerChecks: 3,
  budget: 1.5,
};

interface Side {
  name: "day" | "year";
  app: App;
  db: Db;
  data: GrowthData;
  operator: Record<string, string>;
  /** A session token per user, in the order of data.users. */
  tokens: string[];
  placed: number;
}

async function openSide(server: PgServer, name: Side["name"], days: number, endAt: Date): Promise<Side> {
  const database = `tickfair_growth_${name}`;
  const url = await server.createDatabase(database);
  const db = createDb({ databaseUrl: url, dataDir: null, poolSize: 4 });
  await migrateToLatest(db);
  // The year takes longer to seed than an operator session may sit idle; the console pages are timed after.
  // Archived months go to a folder of the run's own, not the data folder of the checkout.
  const blobDir = await mkdtemp(path.join(os.tmpdir(), `tickfair-growth-${name}-`));
  const config = quietConfig(url, { OPERATOR_IDLE_MINUTES: String(24 * 60), BLOB_DIR: blobDir });
  const secret = generateSecret();
  const credentials = { username: "bench_admin", password: "bench-password-1" };
  const admin = await createOperator(db, systemClock, { ...credentials, role: "admin", totpSecret: secret });
  console.log(`${name}: ${days} day(s) of ${MIX.symbol}`);
  const started = performance.now();
  const data = await seedGrowth(db, {
    days,
    endAt,
    adminId: admin.id,
    timeZone: config.PLATFORM_TZ,
    log: (line) => console.log(`  ${line}`),
  });
  // What the app's archive job would do at start, done before it: a live database moved its old months
  // out long ago, and reading them to files beside the timed operations would slow those instead.
  const archivedAt = performance.now();
  const archived = await archiveTickMonths(
    { db, blobs: createBlobStore(config), log: console },
    systemClock.now(),
    config.TICK_ARCHIVE_AFTER_DAYS,
  );
  if (archived.length > 0)
    console.log(
      `  ${archived.length} month(s) of ticks archived in ${fmt((performance.now() - archivedAt) / 1000, 1)} s`,
    );
  console.log(`  seeded in ${fmt((performance.now() - started) / 1000, 1)} s`);
  const app = await buildApp({ config, db, clock: systemClock, logger: false });
  app.addHook("onClose", async () => {
    await db.destroy();
    await rm(blobDir, { recursive: true, force: true });
  });
  await app.ready();
  const { challenge } = await startOperatorSignIn(db, systemClock, credentials);
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
  const session = await completeOperatorSignIn(db, systemClock, { challenge, code });
  const tokens = data.users.map(() => newToken());
  const expires = new Date(Date.now() + 6 * 3_600_000);
  await db
    .insertInto("sessions")
    .values(
      data.users.map((userId, i) => ({
        token_hash: tokens[i]?.hash ?? "",
        user_id: userId,
        created_at: new Date(),
        last_seen_at: new Date(),
        expires_at: expires,
        revoked_at: null,
      })),
    )
    .execute();
  return {
    name,
    app,
    db,
    data,
    operator: { authorization: `Bearer ${session.token}` },
    tokens: tokens.map((t) => t.token),
    placed: 0,
  };
}

const slug = MIX.symbol.replace("/", "-");

function userOf(side: Side, userId: bigint): Record<string, string> {
  const index = side.data.users.indexOf(userId);
  return { authorization: `Bearer ${side.tokens[index]}` };
}

async function get(side: Side, url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await side.app.inject({ method: "GET", url, headers });
  if (response.statusCode !== 200)
    throw new Error(`${side.name} ${url}: ${response.statusCode} ${response.body}`);
}

interface Operation {
  name: string;
  key: string;
  /** Untimed work before each timed run (e.g. a fresh tick to quote). */
  prepare?(side: Side): Promise<unknown>;
  run(side: Side, prepared: unknown): Promise<void>;
  times?: number;
}

const OPERATIONS: Operation[] = [
  {
    name: "settle a due contract",
    key: "settle",
    times: CONFIG.settles,
    run: async (side) => {
      const settled = await settleDueContracts(side.db, new Date(), 1);
      if (settled.length !== 1) throw new Error(`${side.name}: settled ${settled.length} contracts, not 1`);
    },
  },
  {
    name: "place a contract",
    key: "place",
    prepare: async (side) => {
      const last = await side.db
        .selectFrom("ticks")
        .select("price")
        .where("symbol", "=", MIX.symbol)
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      const [stored] = await recordTicks(side.db, [
        { symbol: MIX.symbol, time: new Date(), price: last.price, volume: 1n },
      ]);
      if (!stored) throw new Error(`${side.name}: no tick recorded`);
      return stored.seq;
    },
    run: async (side, quoteSeq) => {
      side.placed++;
      const user = side.placed % side.tokens.length;
      const response = await side.app.inject({
        method: "POST",
        url: "/api/v1/trading/contracts",
        headers: { authorization: `Bearer ${side.tokens[user]}`, "idempotency-key": `growth-${side.placed}` },
        payload: {
          symbol: MIX.symbol,
          direction: side.placed % 2 === 0 ? "up" : "down",
          stake: "10.00",
          durationSeconds: MIX.durationSeconds,
          quoteSeq: String(quoteSeq),
        },
      });
      if (response.statusCode !== 201)
        throw new Error(`${side.name} place: ${response.statusCode} ${response.body}`);
    },
  },
  { name: "ticker", key: "ticker", run: (side) => get(side, `/api/v1/market/products/${slug}`) },
  {
    name: "candles, 1 minute",
    key: "candles_1m",
    run: (side) => get(side, `/api/v1/market/products/${slug}/candles?interval=1m&limit=300`),
  },
  {
    name: "candles, 1 day",
    key: "candles_1d",
    run: (side) => get(side, `/api/v1/market/products/${slug}/candles?interval=1d&limit=300`),
  },
  {
    name: "contract detail (middle of the history)",
    key: "contract_detail",
    run: (side) => {
      const c = side.data.middleContract;
      return get(side, `/api/v1/trading/contracts/${c.id}`, userOf(side, c.userId));
    },
  },
  {
    name: "its ticks",
    key: "contract_ticks",
    run: (side) => {
      const c = side.data.middleContract;
      return get(side, `/api/v1/market/products/${slug}/ticks?fromSeq=${c.entrySeq}&limit=100`);
    },
  },
  {
    name: "verify it (chain from entry to exit)",
    key: "verify",
    run: (side) => {
      const c = side.data.middleContract;
      return get(side, `/api/v1/market/products/${slug}/verify?fromSeq=${c.entrySeq}&toSeq=${c.exitSeq}`);
    },
  },
  {
    name: "its receipt",
    key: "receipt",
    run: (side) => {
      const c = side.data.middleContract;
      return get(side, `/api/v1/trading/contracts/${c.id}/receipt`, userOf(side, c.userId));
    },
  },
  {
    name: "closed contracts, first page",
    key: "closed_contracts",
    run: (side) =>
      get(side, "/api/v1/trading/contracts/closed", userOf(side, side.data.middleContract.userId)),
  },
  {
    name: "fund records, first page",
    key: "fund_records",
    run: (side) => get(side, "/api/v1/cashier/fund-records", userOf(side, side.data.middleContract.userId)),
  },
  {
    name: "a user's statement (console)",
    key: "statement",
    run: (side) =>
      get(
        side,
        `/api/v1/operator/users/${side.data.middleContract.userId}/statement?limit=20`,
        side.operator,
      ),
  },
  {
    name: "deposits queue (console)",
    key: "deposits_queue",
    run: (side) => get(side, "/api/v1/operator/deposits?status=under_review&limit=20", side.operator),
  },
  {
    name: "chats queue (console)",
    key: "chats_queue",
    run: (side) => get(side, "/api/v1/operator/chats?limit=20", side.operator),
  },
  {
    name: "chat history (user)",
    key: "chat_history",
    run: (side) => get(side, "/api/v1/chat/messages", userOf(side, side.data.middleContract.userId)),
  },
];

interface Figures {
  operation: Operation;
  day: number[];
  year: number[];
}

async function measure(operation: Operation, sides: [Side, Side]): Promise<Figures> {
  const latencies: Record<Side["name"], number[]> = { day: [], year: [] };
  const times = operation.times ?? CONFIG.requests;
  for (let i = 0; i < CONFIG.warmup + times; i++) {
    // Alternate which side goes first, so neither always runs on a warmer cache.
    for (const side of i % 2 === 0 ? sides : [sides[1], sides[0]]) {
      const prepared = await operation.prepare?.(side);
      const t0 = performance.now();
      await operation.run(side, prepared);
      if (i >= CONFIG.warmup) latencies[side.name].push(performance.now() - t0);
    }
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return { operation, day: sorted(latencies.day), year: sorted(latencies.year) };
}

export async function runGrowthBench(): Promise<BenchResult> {
  const server = await openPgServer({
    log: (message) => console.log(`  ${message}`),
    ...explainServerOptions(),
  });
  const sides: Side[] = [];
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);
    const endAt = new Date();
    sides.push(await openSide(server, "day", CONFIG.days.day, endAt));
    sides.push(await openSide(server, "year", CONFIG.days.year, endAt));
    const pair = sides as [Side, Side];
    await explainFrom(pair[0].db);
    console.log(
      `${CONFIG.requests} runs per operation and size (after ${CONFIG.warmup} to warm up), alternating sizes`,
    );
    const fullCheck = { day: await fullLedgerCheckMs(pair[0]), year: await fullLedgerCheckMs(pair[1]) };
    const results: Figures[] = [];
    for (const operation of OPERATIONS) results.push(await measure(operation, pair));
    const ledger = {
      day: await ledgerCheckMs(pair[0], CONFIG.ledgerChecks),
      year: await ledgerCheckMs(pair[1], CONFIG.ledgerChecks),
    };
    const bytes = { day: await bytesPerTick(pair[0]), year: await bytesPerTick(pair[1]) };
    const perDay = await bytesPerDay(pair[1], CONFIG.days.year);

    const ms = (n: number) => fmt(n, 2);
    const rows = results.map((r) => {
      const day = quantile(r.day, 0.99);
      const year = quantile(r.year, 0.99);
      return { key: r.operation.key, name: r.operation.name, day, year, ratio: year / day };
    });
    rows.push({
      key: "ledger_check",
      name: "ledger check since checkpoint (median)",
      ...ledger,
      ratio: ledger.year / ledger.day,
    });
    console.log(
      table([
        ["operation", "p99 day ms", "p99 year ms", "ratio"],
        ...rows.map((r) => [r.name, ms(r.day), ms(r.year), fmt(r.ratio, 2)]),
      ]),
    );
    console.log(
      `full ledger check (once, not budgeted): day ${ms(fullCheck.day)} ms, year ${ms(fullCheck.year)} ms`,
    );
    console.log(
      `bytes per tick: day ${fmt(bytes.day.total)} (table ${fmt(bytes.day.table)}, indexes ${fmt(bytes.day.indexes)}), year ${fmt(bytes.year.total)} (table ${fmt(bytes.year.table)}, indexes ${fmt(bytes.year.indexes)})`,
    );
    console.log(`per day of history (${fmt(MIX.users)} users, one product), from the year:`);
    console.log(
      table([
        ["table", "rows per day", "MB per day"],
        ...GROWING.map((name) => [name, fmt(perDay[`${name}_rows`] ?? 0), fmt((perDay[name] ?? 0) / 1e6, 2)]),
      ]),
    );
    const over = rows.filter((r) => r.ratio > CONFIG.budget);
    console.log(
      `ratios over ${CONFIG.budget}: ${over.length === 0 ? "none (met)" : over.map((r) => `${r.key} ${fmt(r.ratio, 2)}`).join(", ")}`,
    );
    const summary: BenchResult["summary"] = {
      bench: "growth",
      days: CONFIG.days.year,
      ticks_year: pair[1].data.ticks,
      contracts_year: pair[1].data.contracts,
      bytes_per_tick: Number(bytes.year.total.toFixed(1)),
      bytes_per_tick_table: Number(bytes.year.table.toFixed(1)),
      bytes_per_tick_indexes: Number(bytes.year.indexes.toFixed(1)),
      ledger_full_check_day_ms: Number(fullCheck.day.toFixed(3)),
      ledger_full_check_year_ms: Number(fullCheck.year.toFixed(3)),
    };
    for (const name of GROWING)
      summary[`${name}_mb_per_day`] = Number(((perDay[name] ?? 0) / 1e6).toFixed(3));
    for (const r of rows) {
      summary[`${r.key}_p99_day_ms`] = Number(r.day.toFixed(3));
      summary[`${r.key}_p99_year_ms`] = Number(r.year.toFixed(3));
      summary[`${r.key}_ratio`] = Number(r.ratio.toFixed(3));
    }
    return { ok: true, summary };
  } finally {
    for (const side of sides) await side.app.close();
    keepPlans(server);
    if (server.origin === "DATABASE_URL") {
      for (const name of ["day", "year"])
        await server.dropDatabase(`tickfair_growth_${name}`).catch(() => {});
    }
    await server.close();
  }
}
