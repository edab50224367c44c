/**
 * Chat benchmark: 2,000 users, each in a conversation an operator's console follows,
 * each sending one message a second for 30 s (after 5 s at the same pace, untimed), on PostgreSQL with two server processes — the users'
 * sockets and requests on one, the consoles' sockets on the other, so every message crosses the
 * LISTEN/NOTIFY relay. The figure is the p99 delivery lag to the console; the floor is the tickers'
 * bare-socket lag of as many clients on this machine measured in the same run (bench/bare-tickers.ts).
 * Budget: the p99 of every 5 s window ≤ floor p99 + 50 ms, nothing lost or duplicated. Each window is held
 * to it, not only the run's p99: a late spike of a few seconds hides in the whole run's p99 but is what
 * a waiting user feels. CHAT_BENCH_STATEMENTS=1 also prints where PostgreSQL's time went during the
 * run, statement by statement (a throwaway cluster loads pg_stat_statements for it).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createOperator } from "../apps/server/src/operators/service";
import { systemClock } from "../apps/server/src/platform/clock";
import { createDb } from "../apps/server/src/platform/db";
import { migrateToLatest } from "../apps/server/src/platform/migrations";
import { hashPassword } from "../apps/server/src/platform/passwords";
import { newToken } from "../apps/server/src/platform/tokens";
import { startBareTickersServer } from "./bare-tickers";
import { type BenchResult, fmt, table } from "./bench";
import type { ChatClientsOptions, ChatClientsResult } from "./chat-clients";
import { runChild } from "./child-process";
import { openPgServer } from "./pg-cluster";
import { printStatementStats, resetStatementStats, STATEMENT_STATS_SETTINGS } from "./pg-statements";
import type { WsOptions, WsResult } from "./ws-clients";

const CONFIG = {
  users: 2_000,
  warmUpMs: 5_000,
  durationMs: 30_000,
  drainMs: 5_000,
  floorWindowMs: 10_000,
  budgetMs: 50,
  statements: process.env.CHAT_BENCH_STATEMENTS === "1",
};
const ROOT = path.resolve(import.meta.dirname, "..");

interface ServerProcess {
  port: number;
  child: ChildProcess;
}

/** Starts bench/chat-server.ts on the database and resolves once it listens. */
function startServer(url: string): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench", "chat-server.ts"), url],
      {
        cwd: ROOT,
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve({ port: (JSON.parse(line) as { port: number }).port, child });
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`chat-server exited with ${code}`)));
  });
}

function stopServer(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    server.child.removeAllListeners("exit");
    server.child.once("exit", () => resolve());
    server.child.stdin?.end();
    setTimeout(() => server.child.kill("SIGKILL"), 10_000).unref();
  });
}

export async function runChatBench(): Promise<BenchResult> {
  const pg = await openPgServer({
    log: (message) => console.log(`  ${message}`),
    ...(CONFIG.statements && { settings: STATEMENT_STATS_SETTINGS }),
  });
  const servers: ServerProcess[] = [];
  try {
    console.log(`PostgreSQL ${pg.version} (${pg.origin})`);
    const url = await pg.createDatabase("tickfair_chat");
    const db = createDb({ databaseUrl: url, dataDir: null, poolSize: 4 });
    await migrateToLatest(db);

    // Users, their sessions and conversations written directly: signing 2,000 people up through the
    // API would measure password hashing, not chat.
    const passwordHash = await hashPassword("bench-password-1");
    await sql`
      insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash, invite_code, created_at)
      select 'chat' || n, '1380000' || lpad(n::text, 4, '0'), 'CN', 'chat' || n, ${passwordHash}, ${passwordHash},
        'CHAT' || n, now()
      from generate_series(1, ${CONFIG.users}) n`.execute(db);
    const userRows = await db.selectFrom("users").select("id").orderBy("id").execute();
    const tokens = userRows.map(() => newToken());
    const expires = new Date(Date.now() + 3_600_000);
    await db
      .insertInto("sessions")
      .values(
        userRows.map((row, i) => ({
          token_hash: tokens[i]?.hash ?? "",
          user_id: row.id,
          created_at: new Date(),
          last_seen_at: new Date(),
          expires_at: expires,
          revoked_at: null,
        })),
      )
      .execute();
    await sql`insert into conversations (user_id, created_at) select id, now() from users`.execute(db);
    const conversations = await db.selectFrom("conversations").select(["id", "user_id"]).execute();
    const conversationOf = new Map(conversations.map((row) => [row.user_id, String(row.id)]));
    const operator = await createOperator(db, systemClock, {
      username: "bench_support",
      password: "bench-password-1",
      role: "support",
    });
    const operatorToken = newToken();
    await db
      .insertInto("operator_sessions")
      .values({
        token_hash: operatorToken.hash,
        operator_id: operator.id,
        last_seen_at: new Date(),
        expires_at: expires,
      })
      .execute();

    servers.push(await startServer(url), await startServer(url));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    console.log(`two server processes on ports ${a.port} (users) and ${b.port} (consoles)`);

    console.log(`floor: ${fmt(CONFIG.users)} clients against a bare ws server sending tickers once a second`);
    const bare = await startBareTickersServer([{ symbol: "BTC/USDT", price: "64000.00" }]);
    let floor: WsResult;
    try {
      floor = await runChild<WsResult>("ws-clients.ts", {
        url: bare.url,
        clients: CONFIG.users,
        openConcurrency: 100,
        openTimeoutMs: 10_000,
        windowMs: CONFIG.floorWindowMs,
      } satisfies WsOptions);
    } finally {
      await bare.close();
    }

    console.log(
      `chat: ${fmt(CONFIG.users)} users × 1 message/s for ${CONFIG.durationMs / 1000} s, after ${CONFIG.warmUpMs / 1000} s untimed`,
    );
    const optionsFile = path.join(os.tmpdir(), `tickfair-chat-bench-${process.pid}.json`);
    const options: ChatClientsOptions = {
      userSocketUrl: `ws://127.0.0.1:${a.port}/api/ws`,
      operatorSocketUrl: `ws://127.0.0.1:${b.port}/api/ws`,
      userOrigin: `http://127.0.0.1:${a.port}`,
      users: userRows.map((row, i) => ({
        token: tokens[i]?.token ?? "",
        conversationId: conversationOf.get(row.id) ?? "",
      })),
      operatorToken: operatorToken.token,
      durationMs: CONFIG.durationMs,
      warmUpMs: CONFIG.warmUpMs,
      drainMs: CONFIG.drainMs,
    };
    fs.writeFileSync(optionsFile, JSON.stringify(options), { mode: 0o600 });
    if (CONFIG.statements) await resetStatementStats(db);
    const chat = await runChild<ChatClientsResult>("chat-clients.ts", { optionsFile }).finally(() =>
      fs.rmSync(optionsFile, { force: true }),
    );
    const stored = await sql<{ n: number }>`select count(*)::int as n from chat_messages`.execute(db);
    if (CONFIG.statements) await printStatementStats(db);
    await db.destroy();

    const ms = (n: number) => fmt(n, 1);
    console.log(
      table([
        ["", "messages", "p50 lag ms", "p99 lag ms", "max lag ms"],
        [
          "bare tickers floor",
          fmt(floor.messages),
          ms(floor.p50LagMs),
          ms(floor.p99LagMs),
          ms(floor.maxLagMs),
        ],
        ["chat to the console", fmt(chat.received), ms(chat.p50LagMs), ms(chat.p99LagMs), ms(chat.maxLagMs)],
      ]),
    );
    console.log(`p99 lag ms of each 5 s: ${chat.p99LagMsBy5s.map((lag) => fmt(lag, 0)).join(", ")}`);
    console.log(
      `sent ${fmt(chat.sent)} (refused ${fmt(chat.refused)}), stored ${fmt(stored.rows[0]?.n ?? 0)}, received ${fmt(chat.received)}, lost ${chat.lost}, duplicated ${chat.duplicated}`,
    );
    const ceilingMs = floor.p99LagMs + CONFIG.budgetMs;
    const worstWindowMs = Math.max(0, ...chat.p99LagMsBy5s);
    const lateWindows = chat.p99LagMsBy5s.filter((lag) => lag > ceilingMs).length;
    const met = worstWindowMs <= ceilingMs && chat.lost === 0 && chat.duplicated === 0;
    console.log(
      `p99 of every 5 s within ${CONFIG.budgetMs} ms of the floor (${ms(ceilingMs)} ms; ${lateWindows} over), nothing lost or duplicated: ${met ? "met" : "NOT met"}`,
    );
    return {
      ok: met,
      summary: {
        bench: "chat",
        users: CONFIG.users,
        p99_lag_ms: Number(chat.p99LagMs.toFixed(1)),
        worst_5s_p99_lag_ms: Number(worstWindowMs.toFixed(1)),
        floor_p99_lag_ms: Number(floor.p99LagMs.toFixed(1)),
        lost: chat.lost,
        duplicated: chat.duplicated,
      },
    };
  } finally {
    for (const server of servers) await stopServer(server);
    if (pg.origin === "DATABASE_URL") await pg.dropDatabase("tickfair_chat").catch(() => {});
    await pg.close();
  }
}
