import type { StoredTick } from "./stored-tick";

export type TicksListener = (ticks: readonly StoredTick[]) => void | Promise<void>;

/**
 * In-process fan-out of recorded ticks (WebSocket tickers, settlement). Only committed ticks are
 * published. A listener's failure is reported and never stops the feed or the other listeners.
 */
export class MarketBus {
  readonly #listeners = new Set<TicksListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Subscribes; the returned function unsubscribes. */
  onTicks(listener: TicksListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  publish(ticks: readonly StoredTick[]): void {
    if (ticks.length === 0) return;
    for (const listener of this.#listeners) {
      try {
        const result = listener(ticks);
        if (result instanceof Promise) result.catch(this.onListenerError);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
