/**
 * The faults of a run: every `killEveryMs` the next server process in turn gets SIGKILL and is started
 * again at once, and once (at the middle of the run) PostgreSQL restarts with a fast shutdown. Each fault
 * is a window of time — from the kill until the new process answers its health check, from the restart
 * until the database is back plus a grace period for pools to drop dead connections — and a 5xx inside
 * one is "while a process was dying", counted apart from any other.
 */
import { sleep } from "./http-client";
import type { ServerSlot } from "./servers";

/** After PostgreSQL is back, the servers' pools still hold connections it ended; their first use fails. */
const PG_RESTART_GRACE_MS = 5_000;
/** A request a dying process held may be answered (by the proxy) a moment after the exit. */
const KILL_GRACE_MS = 1_000;

export interface FaultWindow {
  kind: "kill" | "pg_restart";
  target: string;
  from: number;
  to: number;
}

export interface FaultPlan {
  /** The processes the loop kills, in turn. */
  victims: readonly ServerSlot[];
  killEveryMs: number;
  /** Restart PostgreSQL at this time (epoch ms); null: not at all. */
  pgRestartAt: number | null;
  restartPg: (() => Promise<void>) | null;
  until: number;
  log: (message: string) => void;
}

export class Faults {
  readonly windows: FaultWindow[] = [];
  kills = 0;
  pgRestarts = 0;
  readonly errors: string[] = [];

  /** True when `[from, to]` overlaps a fault window. */
  during(from: number, to: number): boolean {
    return this.windows.some((window) => from <= window.to && to >= window.from);
  }

  async run(plan: FaultPlan): Promise<void> {
    let turn = 0;
    let nextKill = Date.now() + plan.killEveryMs;
    let pgRestartAt = plan.restartPg ? plan.pgRestartAt : null;
    while (Date.now() < plan.until) {
      const now = Date.now();
      if (pgRestartAt !== null && now >= pgRestartAt && plan.restartPg) {
        pgRestartAt = null;
        await this.#restartPg(plan.restartPg, plan.log);
      } else if (now >= nextKill) {
        const victim = plan.victims[turn++ % plan.victims.length];
        if (victim) await this.#kill(victim, plan.log);
        // On the clock, not after the restart: a slow start does not stretch the period.
        nextKill = Math.max(nextKill + plan.killEveryMs, Date.now());
      }
      await sleep(200);
    }
  }

  async #kill(victim: ServerSlot, log: (message: string) => void): Promise<void> {
    const window: FaultWindow = { kind: "kill", target: victim.name, from: Date.now(), to: Infinity };
    this.windows.push(window);
    await victim.kill();
    this.kills++;
    const started = Date.now();
    try {
      await victim.start();
    } catch (error) {
      this.errors.push(`restarting ${victim.name}: ${(error as Error).message}`);
    }
    window.to = Date.now() + KILL_GRACE_MS;
    log(`kill -9 ${victim.name}; up again in ${((window.to - started) / 1000).toFixed(1)} s`);
  }

  async #restartPg(restart: () => Promise<void>, log: (message: string) => void): Promise<void> {
    const window: FaultWindow = { kind: "pg_restart", target: "postgresql", from: Date.now(), to: Infinity };
    this.windows.push(window);
    try {
      await restart();
      this.pgRestarts++;
    } catch (error) {
      this.errors.push(`restarting PostgreSQL: ${(error as Error).message}`);
    }
    window.to = Date.now() + PG_RESTART_GRACE_MS;
    log(`PostgreSQL restarted (fast shutdown) in ${((window.to - window.from) / 1000).toFixed(1)} s`);
  }
}
