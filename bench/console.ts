/**
 * Console benchmark: the first page of the deposits queue, a user search and a
 * user's ledger statement must cost the same with 100 and with 100,000 rows behind them. The real app
 * runs twice on PostgreSQL, on a small and a large database seeded alike; each endpoint is called
 * through `app.inject` alternately on both (so the machine's noise falls on both alike), and the
 * p99 of the large over the small is the figure. Budget: ratio ≤ 1.5.
 */
import { generateSecret, generateSync } from "otplib";
import { type App, buildApp } from "../apps/server/src/app";
import { createOperator } from "../apps/server/src/operators/service";
import { completeOperatorSignIn, startOperatorSignIn } from "../apps/server/src/operators/sign-in";
import { systemClock } from "../apps/server/src/platform/clock";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { type BenchResult, fmt, quantile, table } from "./bench";
import { seedConsoleRows } from "./console-seed";
import { openPgServer } from "./pg-cluster";
import type { PgServer } from "./pg-server";
import { quietConfig } from "./quiet-config";

const CONFIG = {
  sizes: { small: 100, large: 100_000 },
  warmup: 100,
  requests: 2_000,
  budget: 1.5,
  limit: 20,
};

interface Side {
  name: "small" | "large";
  rows: number;
  database: string;
  app: App;
  db: Db;
  headers: Record<string, string>;
  heavyUser: bigint;
}

async function openSide(server: PgServer, name: Side["name"], rows: number): Promise<Side> {
  const database = `tickfair_console_${name}`;
  const url = await server.createDatabase(database);
  const db = createDb({ databaseUrl: url, dataDir: null, poolSize: 4 });
  await migrateToLatest(db);
  const started = performance.now();
  const heavyUser = await seedConsoleRows(db, rows);
  console.log(
    `  ${name}: ${fmt(rows)} rows of each seeded in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  const app = await buildApp({ config: quietConfig(url), db, clock: systemClock, logger: false });
  app.addHook("onClose", async () => {
    await db.destroy();
  });
  await app.ready();
  const secret = generateSecret();
  const credentials = { username: "bench_admin", password: "bench-password-1" };
  await createOperator(db, systemClock, { ...credentials, role: "admin", totpSecret: secret });
  const { challenge } = await startOperatorSignIn(db, systemClock, credentials);
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
  const session = await completeOperatorSignIn(db, systemClock, { challenge, code });
  return { name, rows, database, app, db, headers: { authorization: `Bearer ${session.token}` }, heavyUser };
}

interface Endpoint {
  name: string;
  url(side: Side): string;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "deposits queue, first page",
    url: () => `/api/v1/operator/deposits?status=under_review&limit=${CONFIG.limit}`,
  },
  {
    name: "user search (account prefix)",
    url: () => `/api/v1/operator/users?query=user&limit=${CONFIG.limit}`,
  },
  {
    name: "user search (opening code)",
    url: () => `/api/v1/operator/users?query=bench26&limit=${CONFIG.limit}`,
  },
  {
    name: "a user's statement, first page",
    url: (side) => `/api/v1/operator/users/${side.heavyUser}/statement?limit=${CONFIG.limit}`,
  },
];

async function timed(side: Side, url: string): Promise<number> {
  const t0 = performance.now();
  const response = await side.app.inject({ method: "GET", url, headers: side.headers });
  const ms = performance.now() - t0;
  if (response.statusCode !== 200)
    throw new Error(`${side.name} ${url}: ${response.statusCode} ${response.body}`);
  const page = response.json<{ items: unknown[] }>();
  if (page.items.length !== CONFIG.limit)
    throw new Error(`${side.name} ${url}: a page of ${page.items.length}`);
  return ms;
}

interface Figures {
  endpoint: string;
  small: { p50: number; p99: number };
  large: { p50: number; p99: number };
  ratio: number;
}

async function measure(endpoint: Endpoint, small: Side, large: Side): Promise<Figures> {
  const latencies = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < CONFIG.warmup + CONFIG.requests; i++) {
    // Alternate which side goes first, so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? [small, large] : [large, small];
    for (const side of order) {
      const ms = await timed(side, endpoint.url(side));
      if (i >= CONFIG.warmup) latencies[side.name].push(ms);
    }
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  };
  const s = stats(latencies.small);
  const l = stats(latencies.large);
  return { endpoint: endpoint.name, small: s, large: l, ratio: l.p99 / s.p99 };
}

export async function runConsoleBench(): Promise<BenchResult> {
  const server = await openPgServer({ log: (message) => console.log(`  ${message}`) });
  const sides: Side[] = [];
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);
    const small = await openSide(server, "small", CONFIG.sizes.small);
    sides.push(small);
    const large = await openSide(server, "large", CONFIG.sizes.large);
    sides.push(large);
    console.log(
      `${CONFIG.requests} requests per endpoint and size (after ${CONFIG.warmup} to warm up), alternating sizes, through app.inject`,
    );
    const results: Figures[] = [];
    for (const endpoint of ENDPOINTS) results.push(await measure(endpoint, small, large));

    const ms = (n: number) => fmt(n, 2);
    console.log(
      table([
        ["endpoint", "p50 @100", "p99 @100", "p50 @100,000", "p99 @100,000", "p99 ratio"],
        ...results.map((r) => [
          r.endpoint,
          ms(r.small.p50),
          ms(r.small.p99),
          ms(r.large.p50),
          ms(r.large.p99),
          fmt(r.ratio, 2),
        ]),
      ]),
    );
    const worst = Math.max(...results.map((r) => r.ratio));
    console.log(
      `worst p99 ratio ${fmt(worst, 2)} (budget ≤ ${CONFIG.budget}): ${worst <= CONFIG.budget ? "met" : "NOT MET"}`,
    );
    const summary: BenchResult["summary"] = { bench: "console", worst_p99_ratio: Number(worst.toFixed(3)) };
    for (const [i, r] of results.entries()) {
      summary[`e${i + 1}_p99_small_ms`] = Number(r.small.p99.toFixed(3));
      summary[`e${i + 1}_p99_large_ms`] = Number(r.large.p99.toFixed(3));
      summary[`e${i + 1}_ratio`] = Number(r.ratio.toFixed(3));
    }
    return { ok: true, summary };
  } finally {
    for (const side of sides) await side.app.close();
    if (server.origin === "DATABASE_URL") {
      for (const name of ["small", "large"])
        await server.dropDatabase(`tickfair_console_${name}`).catch(() => {});
    }
    await server.close();
  }
}
