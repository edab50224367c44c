import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const START_TIMEOUT_MS = 60_000;

/** Caddy in front of two server processes on one PostgreSQL database, as deploy/Caddyfile sets it up. */
export interface FrontStack {
  /** The address users open: Caddy's, over TLS. */
  origin: string;
  /** Each server process's own address, as Caddy reaches it. */
  processes: string[];
  stop(): Promise<void>;
}

export interface FrontPorts {
  https: number;
  /** Caddy's plain-HTTP port (its redirect to HTTPS), away from port 80. */
  http: number;
  servers: readonly number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 200; throws when `exited` says the process is gone or time runs out. */
async function untilReady(url: string, name: string, exited: () => boolean): Promise<void> {
  const context = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (exited()) throw new Error(`${name} exited while starting (its log is in test-results/)`);
      const answer = await context.get(url, { failOnStatusCode: false, timeout: 2_000 }).catch(() => null);
      if (answer?.status() === 200) return;
      if (Date.now() > deadline) throw new Error(`${name} not ready within ${START_TIMEOUT_MS} ms at ${url}`);
      await sleep(250);
    }
  } finally {
    await context.dispose();
  }
}

function launch(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; exited: () => boolean } {
  const logDir = path.join(root, "test-results");
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `front-${name}.log`), "w");
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  let gone = false;
  child.once("exit", () => {
    gone = true;
  });
  return { child, exited: () => gone };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the front on a database of its own on `databaseUrl`'s server: the built server twice (sharing
 * the data folder, as processes behind one proxy share their secrets and images), the first seeding
 * the demo before the second starts, then Caddy with deploy/Caddyfile and its own certificate authority.
 */
export async function startFront(databaseUrl: string, ports: FrontPorts): Promise<FrontStack> {
  const database = `tickfair_front_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-front-"));
  const origin = `https://localhost:${ports.https}`;
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopProcess(child);
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await dropper.end();
    fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    const processes: string[] = [];
    for (const [n, port] of ports.servers.entries()) {
      const server = launch(
        `server-${n + 1}`,
        process.execPath,
        ["--enable-source-maps", "apps/server/dist/main.js"],
        {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: "127.0.0.1",
          PORT: String(port),
          DATABASE_URL: url.toString(),
          DATA_DIR: path.join(work, "data"),
          DEMO_MODE: "true",
          LOG_LEVEL: "warn",
          PUBLIC_URL: origin,
          // Caddy on this host is the one proxy: its X-Forwarded-For names the client.
          TRUST_PROXY: "127.0.0.1",
          SUPPORT_HOURS: "00:00-23:59",
          RATE_LIMIT_PER_MINUTE: "10000",
          LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
        },
      );
      children.push(server.child);
      const direct = `http://127.0.0.1:${port}`;
      await untilReady(`${direct}/api/v1/health/ready`, `server ${n + 1}`, server.exited);
      processes.push(direct);
    }

    const caddyfile = path.join(work, "Caddyfile");
    fs.writeFileSync(
      caddyfile,
      [
        "{",
        "\tadmin off",
        "\tskip_install_trust",
        `\tstorage file_system ${path.join(work, "caddy")}`,
        `\thttp_port ${ports.http}`,
        `\thttps_port ${ports.https}`,
        "}",
        `import ${path.join(root, "deploy/Caddyfile")}`,
        "",
      ].join("\n"),
    );
    const caddy = launch("caddy", "caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
      PATH: process.env.PATH,
      HOME: work,
      TICKFAIR_SITE: origin,
      TICKFAIR_UPSTREAMS: processes.map((address) => new URL(address).host).join(" "),
    });
    children.push(caddy.child);
    await untilReady(`${origin}/api/v1/health/ready`, "caddy", caddy.exited);
    return { origin, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
