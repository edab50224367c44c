/** Whole seconds until the user may go on, rounded up (the button says 1 s until it is 0); never below zero. */
export function secondsLeft(continueAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(continueAt) - now) / 1000));
}
