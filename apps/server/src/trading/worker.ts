import type { MarketBus, StoredTick } from "../market";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { assignEntries, type ContractRef } from "./service";
import { settleDueContracts } from "./settlement";

export interface TradingWorkerDeps {
  db: Db;
  clock: Clock;
  bus: MarketBus;
  log: { error(object: unknown, message: string): void };
  /** After contracts get their entry: tell their users' open apps (the countdown starts). */
  contractsOpened(contracts: readonly ContractRef[]): void | Promise<void>;
  /** After a settlement batch commits: tell their users' open apps the results and new figures. */
  contractsSettled(contracts: readonly ContractRef[]): void | Promise<void>;
}

export interface TradingWorkerOptions {
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Assigns entries as ticks are recorded and settles due contracts on a timer (and after each tick batch).
 * Runs never overlap in one process; across processes, settleDueContracts's SKIP LOCKED claims keep
 * every contract settled exactly once.
 */
export class TradingWorker {
  readonly #deps: TradingWorkerDeps;
  readonly #intervalMs: number;
  readonly #batchSize: number;
  #timer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #pendingSymbols = new Set<string>();
  #stopped = true;

  constructor(deps: TradingWorkerDeps, options: TradingWorkerOptions = {}) {
    this.#deps = deps;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#batchSize = options.batchSize ?? 500;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unsubscribe = this.#deps.bus.onTicks((ticks) => this.#onTicks(ticks));
    this.#timer = setInterval(() => this.#kick(), this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and the subscription, then waits for the run in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#running) await this.#running;
  }

  /** Runs once now (or after the run in flight) and resolves when done; for tests and shutdown. */
  async flush(): Promise<void> {
    this.#kick();
    while (this.#running) await this.#running;
  }

  #onTicks(ticks: readonly StoredTick[]): void {
    for (const tick of ticks) this.#pendingSymbols.add(tick.symbol);
    this.#kick();
  }

  #kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = null;
    });
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#runOnce();
      } catch (error) {
        this.#deps.log.error({ err: error }, "trading: settlement run failed");
      }
    } while (this.#again && !this.#stopped);
  }

  async #runOnce(): Promise<void> {
    const symbols = [...this.#pendingSymbols];
    this.#pendingSymbols.clear();
    // Entries first (those of the symbols just ticked, or all on the timer), then whatever is due.
    const opened = await assignEntries(this.#deps.db, symbols.length > 0 ? symbols : undefined);
    if (opened.length > 0) this.#tell(this.#deps.contractsOpened, opened);
    for (;;) {
      const settled = await settleDueContracts(this.#deps.db, this.#deps.clock.now(), this.#batchSize);
      if (settled.length > 0) this.#tell(this.#deps.contractsSettled, settled);
      if (settled.length < this.#batchSize || this.#stopped) break;
    }
  }

  /** Telling users is best effort: it never holds up or fails the settlement that already committed. */
  #tell(
    notify: (contracts: readonly ContractRef[]) => void | Promise<void>,
    contracts: readonly ContractRef[],
  ) {
    Promise.resolve()
      .then(() => notify(contracts))
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "trading: telling users failed"));
  }
}
