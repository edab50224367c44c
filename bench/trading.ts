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
 *    users who registered, signed in, took a demo top-up and set limits on stakes, losses and open
 *    positions (never reached) through the API, with exposure caps on every product, direction and
 *    user (never reached either; TRADING_BENCH_CAPS=off leaves them out, to compare), an
 *    Idempotency-Key per order; against `pgbench -b tpcb-like` with as many clients on the same
 *    server in the same run.
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
import os from "node:os";
import { toMinor } from "@tickfair/contract";
import { latestTickers } from "../apps/server/src/market/tickers";
import { startBareTickersServer } from "./bare-tickers";
import { type BenchResult, fmt, table } from "./bench";
import { runChild } from "./child-process";
import { openPgServer } from "./pg-cluster";
import { pgbenchTps } from "./pg-programs";
import type { PlaceOptions, PlaceResult } from "./place-clients";
import {
  benchSettlement,
  cpuLine,
  cpuTotal,
  type SettleCheck,
  type SettleRun,
  type SettleSettings,
} from "./settlement";
import {
  capEveryProduct,
  checkPlacements,
  createTraders,
  type PlaceCheck,
  startApp,
  waitForTicks,
} from "./trading-app";
import type { WsOptions, WsResult } from "./ws-clients";

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
    /**
     * Every user has a limit of every kind that judges orders (the budget holds with limits
     * set), high enough never to refuse one: placement then locks and reads them with each batch.
     */
    limits: {
      stake_day: "999999.00",
      stake_7d: "999999.00",
      stake_30d: "999999.00",
      loss_day: "999999.00",
      loss_7d: "999999.00",
      loss_30d: "999999.00",
      open_positions: "1000",
    },
    /** Caps on what the house would owe, likewise never reached: placement locks and reads them too. */
    caps:
      process.env.TRADING_BENCH_CAPS === "off" ? null : { side: "999999999999.00", perUser: "999999999.00" },
    goalRatio: 0.5,
  },
  pgbench: { database: "tickfair_bench_trading_pgbench", scale: 10, threads: 2, seconds: 10 },
  settle: {
    database: "tickfair_bench_settle",
    contracts: envInt("TRADING_BENCH_CONTRACTS", 100_000),
    users: envInt("TRADING_BENCH_SETTLE_USERS", 25_000),
    workers: envInt("TRADING_BENCH_SETTLE_WORKERS", 4),
    batchSize: envInt("TRADING_BENCH_SETTLE_BATCH", 2_000),
    goalSeconds: 5,
    chunk: 10_000,
    giveUpSeconds: 300,
  } satisfies SettleSettings,
  ws: {
    clients: envInt("TRADING_BENCH_WS_CLIENTS", 5_000),
    openConcurrency: 100,
    openTimeoutMs: 30_000,
    windowMs: 10_000,
    goalP99Ms: 100,
  },
};

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
  let settle: SettleRun;
  let settleCheck: SettleCheck;
  try {
    console.log(`PostgreSQL ${server.version} (${server.origin})`);

    // The running server: the real app, its feed recording ticks.
    const url = await server.createDatabase(CONFIG.appDatabase);
    const app = await startApp(url);
    try {
      const p = CONFIG.place;
      console.log(`server: the app on ${app.origin}, feed and settlement worker on`);
      await waitForTicks(app.db, p.symbol, 2);
      const t0 = performance.now();
      const tokens = await createTraders(app, p.users, p.topUp, p.limits);
      console.log(
        `  ${p.users} users registered, signed in, topped up (${p.topUp} each) and given ${Object.keys(p.limits).length} limits (${Object.keys(p.limits).join(", ")}) through the API in ${fmt((performance.now() - t0) / 1000, 1)} s`,
      );
      if (p.caps) {
        const capped = await capEveryProduct(app.db, p.caps);
        console.log(
          `  exposure caps on ${capped} products: ${p.caps.side} a direction, ${p.caps.perUser} a user (never reached)`,
        );
      } else console.log("  no exposure caps (TRADING_BENCH_CAPS=off)");

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

    ({ settle, settleCheck } = await benchSettlement(server, CONFIG.settle, problems));
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
