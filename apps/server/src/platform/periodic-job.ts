/**
 * Work a server process does every `intervalMs` and once at start (publishing what is due). Runs never
 * overlap in one process; across processes the work itself must claim its rows (SKIP LOCKED). A failed
 * run is logged, and the next one tries again.
 */
export class PeriodicJob {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(
    private readonly options: {
      /** Named in the log when a run fails. */
      name: string;
      runOnce: () => Promise<unknown>;
      intervalMs: number;
      log: { error(object: unknown, message: string): void };
    },
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.run(), this.options.intervalMs);
    this.#timer.unref();
    void this.run();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#running) await this.#running;
  }

  /** Runs now, or waits for the run in flight; resolves when done. */
  run(): Promise<unknown> {
    this.#running ??= this.options
      .runOnce()
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.name}: run failed`))
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }
}
