/** PostgreSQL's programs on this machine: where they are, running them, and pgbench as a yardstick. */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { PgServer } from "./pg-server";

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
