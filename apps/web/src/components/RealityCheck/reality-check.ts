/**
 * When the next reality check is due: every `minutes` of the session, counted from its start, the
 * first one after `now`. A page opened again mid-session keeps the session's rhythm instead of
 * starting a new one.
 */
export function nextRealityCheckAt(startedAt: number, minutes: number, now: number): number {
  const period = minutes * 60_000;
  const elapsed = Math.max(0, now - startedAt);
  return startedAt + (Math.floor(elapsed / period) + 1) * period;
}

/** Whole hours and minutes of a session (for "You have been here for 1 hour 5 minutes"). */
export function sessionLength(startedAt: number, now: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - startedAt) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
