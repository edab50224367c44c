/**
 * A PostgreSQL server for benchmarks (and anything else that needs one for a while): the server named by
 * DATABASE_URL when set, otherwise a throwaway cluster made with initdb in a temporary folder, listening
 * on a free loopback port, and removed again at the end — also on an error, Ctrl-C or SIGTERM.
 *
 * Durability settings (fsync, synchronous_commit, full_page_writes) stay at their defaults so the figures
 * measured against it are honest; only memory and connection limits are set.
 *
 * PostgreSQL refuses to run as root, so when this process is root the server binaries run as the
 * `postgres` user (the Debian package creates it; it is created here, as a system user, if missing).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface PgServer {
  /** Where the server came from. */
  origin: "DATABASE_URL" | "throwaway cluster";
  /** URL of the maintenance database (the DATABASE_URL itself, or `postgres` on a throwaway cluster). */
  adminUrl: string;
  /** `server_version` as the server reports it, e.g. "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  /** Folder of the PostgreSQL client and server programs found on this machine (pgbench lives there), if any. */
  binDir: string | null;
  /** The URL of another database on the same server. */
  urlFor(database: string): string;
  /** Drops `database` if it exists and creates it empty; returns its URL. */
  createDatabase(database: string): Promise<string>;
  dropDatabase(database: string): Promise<void>;
  /**
   * CPU time the server's processes have used so far, in seconds (its backends' and helpers', including
   * those that have exited); null where this machine cannot tell (DATABASE_URL, no /proc).
   */
  cpuSeconds(): number | null;
  /** Stops and removes a throwaway cluster; for DATABASE_URL it does nothing. Safe to call twice. */
  close(): Promise<void>;
}

export interface PgServerOptions {
  /** Server settings (`-c name=value`) for a throwaway cluster. */
  settings?: Record<string, string>;
  /** Ignore DATABASE_URL and always start a throwaway cluster. */
  throwaway?: boolean;
  /** Progress messages; silent by default. */
  log?: (message: string) => void;
}

export const DEFAULT_SETTINGS: Record<string, string> = {
  shared_buffers: "128MB",
  max_connections: "100",
};

/** The server named by DATABASE_URL if set, else a fresh throwaway cluster. */
export async function openPgServer(options: PgServerOptions = {}): Promise<PgServer> {
  const url = process.env.DATABASE_URL;
  if (url && !options.throwaway) return externalServer(url);
  return startThrowawayCluster(options);
}

async function externalServer(adminUrl: string): Promise<PgServer> {
  const version = await serverVersion(adminUrl);
  return {
    origin: "DATABASE_URL",
    adminUrl,
    version,
    binDir: findPgBinDir(),
    urlFor: (database) => withDatabase(adminUrl, database),
    createDatabase: (database) => createDatabase(adminUrl, database),
    dropDatabase: (database) => dropDatabase(adminUrl, database),
    cpuSeconds: () => null,
    close: async () => {},
  };
}

// ---------------------------------------------------------------------------------------------------
// Binaries

/**
 * The folder holding initdb, pg_ctl and pgbench: $PG_BINDIR, `pg_config --bindir`, the newest
 * /usr/lib/postgresql/<major>/bin, or the folder on PATH that holds initdb.
 */
export function findPgBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const pgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (pgConfig.status === 0 && pgConfig.stdout.trim()) candidates.push(pgConfig.stdout.trim());
  const debianRoot = "/usr/lib/postgresql";
  if (fs.existsSync(debianRoot)) {
    const majors = fs
      .readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    for (const major of majors) candidates.push(path.join(debianRoot, major, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(dir);
  for (const dir of candidates) {
    if (isExecutable(path.join(dir, "initdb")) && isExecutable(path.join(dir, "pg_ctl")))
      return fs.realpathSync(dir);
  }
  return null;
}

/** A PostgreSQL program: from `binDir` when it is there, else whatever PATH finds. */
export function pgProgram(binDir: string | null, name: string): string {
  if (binDir && isExecutable(path.join(binDir, name))) return path.join(binDir, name);
  return name;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Throwaway cluster

interface RunAs {
  /** Prefix that runs a command as the cluster's owner (empty when that is us). */
  wrap(command: string, args: string[]): [string, string[]];
  uid: number;
  gid: number;
}

const SERVICE_USER = "postgres";

function runAsServiceUser(): RunAs {
  const self: RunAs = { wrap: (command, args) => [command, args], uid: -1, gid: -1 };
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return self;
  let ids = lookupUser(SERVICE_USER);
  if (!ids) {
    const created = spawnSync("useradd", ["-r", "-M", "-s", "/bin/sh", SERVICE_USER], { encoding: "utf8" });
    if (created.status !== 0)
      throw new Error(`running as root and no ${SERVICE_USER} user; useradd failed: ${created.stderr}`);
    ids = lookupUser(SERVICE_USER);
    if (!ids) throw new Error(`user ${SERVICE_USER} still missing after useradd`);
  }
  const { uid, gid } = ids;
  const hasRunuser = spawnSync("runuser", ["--help"], { stdio: "ignore" }).error === undefined;
  return {
    uid,
    gid,
    wrap: (command, args) =>
      hasRunuser
        ? ["runuser", ["-u", SERVICE_USER, "--", command, ...args]]
        : ["su", [SERVICE_USER, "-s", "/bin/sh", "-c", [command, ...args].map(shellQuote).join(" ")]],
  };
}

function lookupUser(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function shellQuote(value: string): string {
  return /^[\w./=:@%+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A free TCP port on the loopback interface, as the OS hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

interface LiveCluster {
  stopSync(): void;
}
const live = new Set<LiveCluster>();
let handlersInstalled = false;

/** On Ctrl-C, SIGTERM or any exit (uncaught errors included), no throwaway cluster is left behind. */
function installCleanupHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const stopAll = () => {
    for (const cluster of [...live]) cluster.stopSync();
  };
  process.on("exit", stopAll);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    process.on(signal, () => {
      if (live.size > 0) process.stderr.write(`\n${signal}: removing the throwaway PostgreSQL cluster…\n`);
      stopAll();
      process.exit(code);
    });
  }
}

export async function startThrowawayCluster(options: PgServerOptions = {}): Promise<PgServer> {
  const log = options.log ?? (() => {});
  const binDir = findPgBinDir();
  if (!binDir) {
    throw new Error(
      "no PostgreSQL server programs found (initdb, pg_ctl): install PostgreSQL, set PG_BINDIR, or set DATABASE_URL",
    );
  }
  const initdb = path.join(binDir, "initdb");
  const pgCtl = path.join(binDir, "pg_ctl");
  const runAs = runAsServiceUser();

  // /tmp (not a $TMPDIR under a private home) when the server runs as another user, so it can reach the folder.
  const base = runAs.uid >= 0 ? "/tmp" : os.tmpdir();
  const root = fs.mkdtempSync(path.join(base, "tickfair-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  if (runAs.uid >= 0) fs.chownSync(root, runAs.uid, runAs.gid);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    live.delete(cluster);
    if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
      const [command, args] = runAs.wrap(pgCtl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "30"]);
      spawnSync(command, args, { cwd: root, stdio: "ignore" });
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  const cluster: LiveCluster = { stopSync };
  installCleanupHandlers();
  live.add(cluster);

  const run = async (program: string, args: string[]) => {
    const [command, fullArgs] = runAs.wrap(program, args);
    return exec(command, fullArgs, { cwd: root });
  };

  try {
    log(`initdb in ${dataDir}`);
    await run(initdb, [
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-instructions",
    ]);
    const port = await freePort();
    const settings = { ...DEFAULT_SETTINGS, ...options.settings, listen_addresses: "127.0.0.1" };
    const serverArgs = [
      `-p ${port}`,
      `-k ${root}`,
      ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
    ].join(" ");
    log(`starting PostgreSQL on 127.0.0.1:${port}`);
    try {
      await run(pgCtl, ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", serverArgs]);
    } catch (error) {
      const tail = fs.existsSync(logFile)
        ? fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n")
        : "";
      throw new Error(`${(error as Error).message}\nserver log:\n${tail}`);
    }
    const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    const version = await serverVersion(adminUrl);
    return {
      origin: "throwaway cluster",
      adminUrl,
      version,
      binDir,
      urlFor: (database) => withDatabase(adminUrl, database),
      createDatabase: (database) => createDatabase(adminUrl, database),
      dropDatabase: (database) => dropDatabase(adminUrl, database),
      cpuSeconds: () => serverCpuSeconds(dataDir),
      close: async () => stopSync(),
    };
  } catch (error) {
    stopSync();
    throw error;
  }
}

/**
 * utime + stime of a cluster's postmaster, of its live children, and of the children it has reaped
 * (cutime + cstime), from /proc; null without /proc or a running postmaster.
 */
function serverCpuSeconds(dataDir: string): number | null {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    let ticks = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile: its time is in the postmaster's cutime now
      }
      // After "pid (comm) ": state, ppid, … utime, stime, cutime, cstime are the 12th to 15th fields.
      const fields = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .map(Number);
      const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
      if (Number(entry) === postmaster) ticks += utime + stime + cutime + cstime;
      else if (fields[1] === postmaster) ticks += utime + stime;
    }
    return ticks / clockTicksPerSecond();
  } catch {
    return null;
  }
}

let clockTicks: number | null = null;
function clockTicksPerSecond(): number {
  clockTicks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  return clockTicks;
}

// ---------------------------------------------------------------------------------------------------
// Small helpers

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (client) => {
    const result = await client.query<{ server_version: string }>("show server_version");
    return result.rows[0]?.server_version ?? "unknown";
  });
}

async function createDatabase(adminUrl: string, database: string): Promise<string> {
  assertNotAdminDatabase(adminUrl, database);
  await withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await client.query(`create database ${quoteIdent(database)}`);
  });
  return withDatabase(adminUrl, database);
}

async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  assertNotAdminDatabase(adminUrl, database);
  await withAdmin(adminUrl, (client) =>
    client.query(`drop database if exists ${quoteIdent(database)} with (force)`),
  );
}

function assertNotAdminDatabase(adminUrl: string, database: string): void {
  const current = decodeURIComponent(new URL(adminUrl).pathname.replace(/^\//, ""));
  if (current === database)
    throw new Error(`refusing to recreate ${database}: it is the database DATABASE_URL names`);
}

/** Runs a program; resolves with its output, rejects with it (and the exit status) on failure. */
export function exec(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on("close", (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new Error(
            `${[command, ...args].join(" ")} exited with ${code ?? signal}\n${stderr || stdout}`.trimEnd(),
          ),
        );
    });
  });
}

export interface PgbenchSettings {
  database: string;
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
}

/**
 * The yardstick of the benches: `pgbench -b tpcb-like` on a fresh database of `server` (dropped
 * afterwards), returning its tps without connection time.
 */
export async function pgbenchTps(server: PgServer, settings: PgbenchSettings): Promise<number> {
  const { database, scale, clients, threads, seconds } = settings;
  const pgbench = pgProgram(server.binDir, "pgbench");
  console.log(`pgbench: -i -s ${scale}, then -b tpcb-like -c ${clients} -j ${threads} -T ${seconds} -n`);
  const url = await server.createDatabase(database);
  try {
    await exec(pgbench, ["-i", "-s", String(scale), "-q", url]);
    const args = [
      "-b",
      "tpcb-like",
      "-c",
      String(clients),
      "-j",
      String(threads),
      "-T",
      String(seconds),
      "-n",
      url,
    ];
    const { stdout } = await exec(pgbench, args);
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!match?.[1]) throw new Error(`no tps line in pgbench output:\n${stdout}`);
    return Number(match[1]);
  } finally {
    await server.dropDatabase(database);
  }
}
