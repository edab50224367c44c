/**
 * The running server of `npm run bench -- trading`: the real app on a fresh database, the traders who
 * use it through its HTTP API, and what must hold after they placed their orders.
 */
import type { LimitKind } from "@tickfair/contract";
import { sql } from "kysely";
import { type App, buildApp } from "../apps/server/src/app";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { systemClock } from "../apps/server/src/platform/clock";
import { loadConfig } from "../apps/server/src/platform/config";
import { createDb, type Db } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { capsControl } from "../apps/server/src/trading/caps";
import { checkExposureInvariants } from "../apps/server/src/trading/invariants";

export interface RunningApp {
  app: App;
  db: Db;
  origin: string;
}

/**
 * The real app on the bench database, listening on a free loopback port: feed and settlement worker on,
 * as a production process runs. Demo mode on for the users' top-ups; the per-IP rate limit raised,
 * since every bench client comes from 127.0.0.1; logs at error level only.
 */
export async function startApp(url: string): Promise<RunningApp> {
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

export async function waitForTicks(db: Db, symbol: string, count: number, timeoutMs = 20_000): Promise<void> {
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
  method: "POST" | "PUT" = "POST",
): Promise<T> {
  const response = await fetch(new URL(route, origin), {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * `count` users, each registered, signed in, topped up and given `limits` through the API; returns
 * their tokens.
 */
export async function createTraders(
  server: RunningApp,
  count: number,
  topUp: string,
  limits: Partial<Record<LimitKind, string>> = {},
): Promise<string[]> {
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
        nationality: "CN",
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
    for (const [kind, value] of Object.entries(limits)) {
      const auth = { authorization: `Bearer ${session.token}` };
      await api(server.origin, `/api/v1/limits/${kind}`, { value }, 200, auth, "PUT");
    }
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

export interface PlaceCheck {
  contracts: number;
  maxStakedMinor: bigint;
  invariantsOk: boolean;
  violations: string[];
}

/** What must hold after placement: the contracts stored, the most one user staked, the ledger's invariants. */
export async function checkPlacements(db: Db): Promise<PlaceCheck> {
  const counts = await sql<{ contracts: string; max_staked: string | null }>`
    select (select count(*) from contracts)::text as contracts,
      (select max(s)::text from (select sum(stake) as s from contracts group by user_id) per_user) as max_staked`.execute(
    db,
  );
  const report = await checkLedgerInvariants(db);
  const exposure = await checkExposureInvariants(db);
  return {
    contracts: Number(counts.rows[0]?.contracts ?? 0),
    maxStakedMinor: BigInt(counts.rows[0]?.max_staked ?? 0),
    invariantsOk: report.ok && exposure.length === 0,
    violations: [...report.violations, ...exposure],
  };
}

/**
 * Exposure caps on every product, both directions and every user (the budget holds with caps set),
 * written as an operator's change writes them; returns how many products.
 */
export async function capEveryProduct(db: Db, caps: { side: string; perUser: string }): Promise<number> {
  const products = await db.selectFrom("products").select("symbol").execute();
  await db.transaction().execute(async (tx) => {
    for (const { symbol } of products)
      await capsControl(symbol).write(
        tx,
        { symbol, up: caps.side, down: caps.side, perUser: caps.perUser },
        new Date(),
      );
  });
  return products.length;
}
