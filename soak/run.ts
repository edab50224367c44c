/**
 * `npm run soak -- --minutes 10 --users 200 --seed 1`: the whole system under sustained mixed load while
 * processes die. On PostgreSQL (DATABASE_URL's server, or a throwaway cluster), three server processes
 * behind a round-robin proxy; simulated users and an operator loop through the proxy; every 30 s one
 * server process gets SIGKILL and is started again, and once PostgreSQL restarts (throwaway cluster
 * only). Each user keeps a WebSocket open as the app does. Then the checker compares the answer log and
 * the events the sockets received with the database. The last stdout line is one JSON
 * object; the exit code is 1 when anything was lost, applied twice or broken, or a live process
 * answered 5xx. docs/reliability.md explains each figure.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, openPgServer } from "../bench/pg-cluster";
import { AnswerLog } from "./answer-log";
import { checkSoak, waitForDueSettled } from "./checker";
import { MARGIN_MS } from "./checks/events";
import { Faults } from "./faults";
import { SoakClient, sleep } from "./http-client";
import { memoryFigures } from "./memory";
import { OperatorLoop } from "./operator";
import { startProxy } from "./proxy";
import { Random } from "./random";
import { attemptFigures } from "./report";
import { ServerSlot } from "./servers";
import { SOAK_INVITE_CODE } from "./user-credentials";
import { readProducts, SimulatedUser } from "./users";

const KILL_EVERY_MS = 30_000;
const DATABASE = "tickfair_soak";
/** Users start spread over this long, as phones would, instead of all registering in the same second. */
const RAMP_MS = 20_000;
/** After the load, how long the settlement workers get to close every due contract. */
const DRAIN_MS = 60_000;
const SAMPLE_RSS_EVERY_MS = 5_000;

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    users: { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
  },
});
const minutes = Number(values.minutes);
const users = Number(values.users);
const seed = Number(values.seed);
if (!(minutes > 0) || !Number.isInteger(users) || users < 1 || users > 9999 || !Number.isInteger(seed))
  throw new Error("usage: npm run soak -- [--minutes 10] [--users 200] [--seed 1]");

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const server = await openPgServer({ log, settings: { max_connections: "200" } });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-soak-"));
const slots: ServerSlot[] = [];
let proxyClose: (() => Promise<void>) | null = null;
let exitCode = 1;
try {
  log(`PostgreSQL ${server.version} (${server.origin}); work folder ${work}`);
  const databaseUrl = await server.createDatabase(DATABASE);
  const settings = { databaseUrl, dataDir: path.join(work, "data"), logDir: work };
  fs.mkdirSync(settings.dataDir);
  // The first process migrates and seeds the demo (operators, deposit methods) before the others start.
  for (const [index, name] of ["server-1", "server-2", "server-3"].entries()) {
    // server-1 is never killed: its memory over the whole run says whether a process leaks. It runs no
    // feed, so the feed's leader is always one of the processes that get killed.
    slots.push(new ServerSlot(name, await freePort(), { ...settings, feed: index > 0 }));
  }
  const [witness, ...victims] = slots;
  if (!witness) throw new Error("no server slots");
  for (const slot of [...victims, witness]) await slot.start();
  await prepareDatabase(databaseUrl);
  const proxy = await startProxy(slots);
  proxyClose = proxy.close;
  log(`${slots.length} server processes behind the proxy on ${proxy.origin}`);

  const answers = new AnswerLog();
  const client = new SoakClient(proxy.origin, answers);
  const random = new Random(seed);
  const products = await readProducts(client);
  const depositMethodIds = await activeDepositMethods(databaseUrl);
  const started = Date.now();
  const until = started + minutes * 60_000;
  const socketUrl = `${proxy.origin.replace(/^http/, "ws")}/api/ws`;
  const world = {
    client,
    products,
    depositMethodIds,
    until,
    thinkMs: { min: 1_000, max: 4_000 },
    socketUrl,
  };
  const faults = new Faults();
  const sampler = setInterval(() => {
    for (const slot of slots) slot.sampleRss();
  }, SAMPLE_RSS_EVERY_MS);
  const operator = new OperatorLoop(client, random.fork(1_000_000));
  log(`${users} users, ${minutes} min, seed ${seed}; kill -9 every ${KILL_EVERY_MS / 1000} s`);
  const people = Array.from(
    { length: users },
    (_, index) => new SimulatedUser(index + 1, random.fork(index), world),
  );
  await Promise.all([
    ...people.map((person, index) => person.run(Math.floor((index / users) * RAMP_MS))),
    operator.run(until),
    faults.run({
      victims,
      killEveryMs: KILL_EVERY_MS,
      pgRestartAt: server.restart ? started + (minutes * 60_000) / 2 : null,
      restartPg: server.restart,
      until,
      log,
    }),
  ]);
  log("load stopped; the operators decide what is left, the workers settle what is due");
  await operator.finalPass();
  const unsettledDue = await waitForDueSettled(databaseUrl, DRAIN_MS);
  // The sockets stay open through the drain and a margin after: what settled meanwhile is owed too.
  await sleep(MARGIN_MS);
  await Promise.all(people.map((person) => person.socket.close()));
  clearInterval(sampler);
  client.close();
  answers.write(path.join(work, "answers.jsonl"));
  const records = people.map((person) => person.socket.record);
  fs.writeFileSync(
    path.join(work, "sockets.jsonl"),
    records.map((record) => JSON.stringify(record)).join("\n"),
  );

  const check = await checkSoak(databaseUrl, settings.dataDir, answers.entries, {
    records,
    faults: faults.windows,
  });
  const attempts = attemptFigures(answers.entries, faults);
  const memory = memoryFigures(witness.rss.flat());
  const victimPeakMiB = Math.round(
    Math.max(0, ...victims.flatMap((slot) => slot.rss.flat().map((sample) => sample.kib))) / 1024,
  );
  const unexpectedExits = slots.flatMap((slot) => slot.unexpectedExits);
  for (const line of check.problems) console.log(`PROBLEM ${line}`);
  for (const line of attempts.otherServerErrors) console.log(`5xx from a live process: ${line}`);
  for (const line of [...faults.errors, ...unexpectedExits]) console.log(`PROBLEM ${line}`);
  for (const [action, statuses] of Object.entries(attempts.byAction))
    console.log(
      `  ${action.padEnd(20)} ${Object.entries(statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ")}`,
    );
  console.log(
    `  4xx codes: ${Object.entries(attempts.codes4xx)
      .map(([code, n]) => `${code}×${n}`)
      .join(", ")}`,
  );

  const failed =
    check.acknowledged_lost +
      check.unacknowledged_applied +
      check.applied_twice +
      check.double_settled +
      check.outcome_mismatches +
      check.cashier_mismatches +
      check.limit_mismatches +
      check.savings_mismatches +
      check.upload_mismatches +
      check.password_mismatches +
      check.break_violations +
      check.binding_mismatches +
      check.invariant_violations +
      check.negative_balances +
      check.socket_events_missed +
      check.socket_events_duplicated +
      check.socket_events_misdirected +
      check.socket_events_out_of_order +
      attempts.other_5xx +
      unsettledDue +
      faults.errors.length +
      unexpectedExits.length >
    0;
  exitCode = failed ? 1 : 0;
  const { problems: _problems, ...figures } = check;
  const summary = {
    soak: failed ? "FAILED" : "ok",
    minutes,
    users,
    seed,
    requests: attempts.requests,
    attempts: attempts.attempts,
    kills: faults.kills,
    pg_restarts: faults.pgRestarts,
    pg_restart_skipped: server.restart ? null : "DATABASE_URL: not ours to restart",
    ...figures,
    unsettled_due: unsettledDue,
    dropped_connections: attempts.dropped,
    fault_5xx: attempts.fault_5xx,
    other_5xx: attempts.other_5xx,
    unexpected_exits: unexpectedExits.length,
    memory_growth: memory.growth,
    memory_mib: [memory.secondQuarterMiB, memory.lastQuarterMiB],
    memory_peak_mib: memory.peakMiB,
    killed_processes_peak_mib: victimPeakMiB,
    products_traded: attempts.productsTraded,
    durations_traded: attempts.durationsTraded,
  };
  console.log(JSON.stringify(summary));
} finally {
  for (const slot of slots) await slot.stop().catch(() => {});
  await proxyClose?.();
  // On someone else's server, leave nothing behind; a throwaway cluster goes away whole.
  if (server.origin === "DATABASE_URL") await server.dropDatabase(DATABASE).catch(() => {});
  await server.close();
}
// The servers' logs and the answer log stay for a run that found something.
if (exitCode === 0) fs.rmSync(work, { recursive: true, force: true });
else
  console.error(
    `server logs, the answer log (answers.jsonl) and the sockets' (sockets.jsonl) are in ${work}`,
  );
process.exit(exitCode);

/** The account-opening code the simulated users register with. */
async function prepareDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "insert into invite_codes (code, max_uses, created_at) values ($1, null, now()) on conflict do nothing",
      [SOAK_INVITE_CODE],
    );
  } finally {
    await client.end();
  }
}

async function activeDepositMethods(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(
      "select id::text from deposit_methods where active order by id",
    );
    return result.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}
