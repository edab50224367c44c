/**
 * The app's server processes: `node --import tsx apps/server/src/main.ts`, each on its own loopback port
 * (kept across restarts, so the proxy's list never changes), all on the same database. Killed with
 * SIGKILL and started again by the fault loop; each one's memory (VmRSS) sampled while it lives.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sleep } from "./http-client";

const ROOT = path.resolve(import.meta.dirname, "..");
const START_TIMEOUT_MS = 90_000;

export interface RssSample {
  at: number;
  kib: number;
}

export interface ServerSettings {
  databaseUrl: string;
  dataDir: string;
  logDir: string;
  /** Run the market feed in this process (the others follow the leader's ticks). */
  feed: boolean;
}

export class ServerSlot {
  #child: ChildProcess | null = null;
  #incarnation = 0;
  /** Samples of each incarnation of this slot, in start order. */
  readonly rss: RssSample[][] = [];
  /** Exit codes and signals of incarnations that ended without being killed by us. */
  readonly unexpectedExits: string[] = [];
  #killing = false;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly settings: ServerSettings,
  ) {}

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once its health check answers 200. */
  async start(): Promise<void> {
    this.#incarnation++;
    this.rss.push([]);
    const log = fs.openSync(path.join(this.settings.logDir, `${this.name}.${this.#incarnation}.log`), "a");
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")], {
      cwd: ROOT,
      env: this.#env(),
      stdio: ["ignore", log, log],
    });
    fs.closeSync(log);
    this.#child = child;
    this.#killing = false;
    child.on("exit", (code, signal) => {
      if (this.#child === child) this.#child = null;
      if (!this.#killing) this.unexpectedExits.push(`${this.name}#${this.#incarnation}: ${code ?? signal}`);
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await this.#healthy())) {
      if (this.#child !== child) throw new Error(`${this.name} exited while starting (see its log)`);
      if (Date.now() > deadline) throw new Error(`${this.name} not healthy within ${START_TIMEOUT_MS} ms`);
      await sleep(200);
    }
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut off. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#killing = true;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }

  /** SIGTERM at the end of the run: the process finishes what it has and closes its pool. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#killing = true;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Records the live process's resident memory, from /proc (nothing where there is no /proc). */
  sampleRss(): void {
    const pid = this.pid;
    if (pid === null) return;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
      if (Number.isFinite(kib) && kib > 0) this.rss.at(-1)?.push({ at: Date.now(), kib });
    } catch {
      // Gone between the check and the read: the kill loop's doing.
    }
  }

  async #healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      return response.status === 200;
    } catch {
      return false;
    }
  }

  #env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(this.port),
      DATABASE_URL: this.settings.databaseUrl,
      DATA_DIR: this.settings.dataDir,
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      // Every simulated phone comes from 127.0.0.1 through the proxy: the per-address limits would
      // otherwise refuse them after the first few hundred requests.
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000000",
      FEED_ENABLED: this.settings.feed ? "true" : "false",
      // The savings worker looks for unpaid days often, so a day boundary in the run is paid at once.
      SAVINGS_ACCRUAL_INTERVAL_MS: "10000",
      SUPPORT_HOURS: "00:00-23:59",
    };
  }
}
