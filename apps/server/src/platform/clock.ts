/** Time comes from here, never from `new Date()` in domain code, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = "2026-01-05T08:00:00Z") {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(at: Date | string): void {
    this.#now = new Date(at).getTime();
  }
}

/**
 * The system's time moved forward by a shift that only grows: journeys (CLOCK_CONTROL) live through
 * tomorrow's confirmation and income in seconds. Never moved back: every record keeps its order.
 */
export class ShiftedClock implements Clock {
  #shiftMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#shiftMs);
  }
  advance(ms: number): void {
    this.#shiftMs += ms;
  }
}
