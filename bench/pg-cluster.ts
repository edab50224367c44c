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
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { exec, findPgBinDir } from "./pg-programs";
import { type PgServer, pgServerAt } from "./pg-server";

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

function externalServer(adminUrl: string): Promise<PgServer> {
  return pgServerAt(adminUrl, "DATABASE_URL", {
    binDir: findPgBinDir(),
    cpuSeconds: () => null,
    close: async () => {},
    restart: null,
    logFile: null,
  });
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
    return await pgServerAt(`postgresql://postgres@127.0.0.1:${port}/postgres`, "throwaway cluster", {
      binDir,
      cpuSeconds: () => serverCpuSeconds(dataDir),
      close: async () => stopSync(),
      restart: async () => {
        await run(pgCtl, ["restart", "-D", dataDir, "-l", logFile, "-m", "fast", "-w", "-t", "60"]);
      },
      logFile,
    });
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
