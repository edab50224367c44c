import { type AccrualStep, accrueDueSavings } from "./accrual";
import { savingsMoment } from "./moves";
import type { SavingsDeps } from "./service";

export interface SavingsWorkerDeps extends SavingsDeps {
  log: { error(object: unknown, message: string): void };
  /** After a batch commits: the savers it paid or confirmed, to tell their open apps. */
  saversChanged(userIds: readonly bigint[]): void | Promise<void>;
}

/**
 * Pays each day's income once the day has ended: checks every `intervalMs` (and at start) whether any
 * saver is behind yesterday, and pays them batch by batch. Runs never overlap in one process; across
 * processes, the claims' SKIP LOCKED keep each saver's day paid exactly once.
 */
export class SavingsWorker {
  readonly #deps: SavingsWorkerDeps;
  readonly #intervalMs: number;
  readonly #batchSize: number;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(deps: SavingsWorkerDeps, options: { intervalMs?: number; batchSize?: number } = {}) {
    this.#deps = deps;
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#batchSize = options.batchSize ?? 2_000;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.run(), this.#intervalMs);
    this.#timer.unref();
    void this.run();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#running) await this.#running;
  }

  /** Runs now, or waits for the run in flight; resolves when done. */
  run(): Promise<void> {
    this.#running ??= this.#runOnce().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #runOnce(): Promise<void> {
    const { clock, timeZone } = this.#deps;
    try {
      await accrueDueSavings(this.#deps.db, {
        yesterday: savingsMoment(clock.now(), timeZone).yesterday,
        batchSize: this.#batchSize,
        now: () => clock.now(),
        onStep: (step) => this.#tell(step),
      });
    } catch (error) {
      this.#deps.log.error({ err: error }, "savings: accrual run failed");
    }
  }

  /** Telling savers is best effort: it never holds up or fails what already committed. */
  #tell(step: AccrualStep): void {
    const changed = [...new Set([...step.paid, ...step.confirmed])];
    if (changed.length === 0) return;
    Promise.resolve()
      .then(() => this.#deps.saversChanged(changed))
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "savings: telling savers failed"));
  }
}
