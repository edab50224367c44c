import type { EventPublisher } from "../platform/events";
import type { OperatorEventRenderer } from "../platform/realtime";

/** What changed in the open book within one gathering: whether new orders were among it. */
export interface BookChange {
  placed: boolean;
}

declare module "../platform/events" {
  interface DomainEvents {
    /** Contracts were placed, got their entry tick, settled or voided (gathered, at most once a second). */
    "risk.changed": BookChange;
  }
}

/** How long changes to the book are gathered: consoles ask for the exposure once a second at most. */
export const GATHER_BOOK_CHANGES_MS = 1_000;

/** "risk.changed" as every console that watches the book (risk.read) hears it. */
export const bookChanges: OperatorEventRenderer<BookChange> = {
  encode: (ref) => (ref.placed ? "placed" : "moved"),
  decode: (wire) => ({ placed: wire === "placed" }),
  permissionOf: () => "risk.read",
  render: (ref) => ({ type: "risk.changed", placed: ref.placed }),
};

/**
 * Gathers changes to the open book and tells the consoles once per GATHER_BOOK_CHANGES_MS: a busy
 * product opens hundreds of contracts a second, and each console asks for the whole board again on
 * every signal, so one signal per contract would cost hundreds of board reads a second per console.
 */
export class BookChangeGatherer {
  readonly #events: EventPublisher;
  #pending: BookChange | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(events: EventPublisher) {
    this.#events = events;
  }

  /** Contracts were placed (`placed`) or moved on (entry, settlement, void). */
  add(placed: boolean): void {
    this.#pending = { placed: placed || (this.#pending?.placed ?? false) };
    if (this.#timer) return;
    this.#timer = setTimeout(() => this.#flush(), GATHER_BOOK_CHANGES_MS);
    this.#timer.unref();
  }

  #flush(): void {
    this.#timer = null;
    const change = this.#pending;
    this.#pending = null;
    if (change) void this.#events.publish("risk.changed", [change]);
  }
}
