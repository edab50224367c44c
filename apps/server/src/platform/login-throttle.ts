/**
 * Wrong-password policy, shared by users and operators: from the 5th failure each further attempt
 * must wait a growing delay (1 s, 2 s, 4 s …), from the 10th the account locks for 15 minutes.
 * Attempts while throttled are refused with the same answer as a wrong password.
 */
export const THROTTLE_AFTER = 5;
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60_000;

export function throttleAfterFailure(failures: number, now: Date): Date | null {
  if (failures >= LOCK_AFTER) return new Date(now.getTime() + LOCK_MS);
  if (failures >= THROTTLE_AFTER) return new Date(now.getTime() + 1000 * 2 ** (failures - THROTTLE_AFTER));
  return null;
}

export function isThrottled(throttledUntil: Date | null, now: Date): boolean {
  return throttledUntil !== null && throttledUntil.getTime() > now.getTime();
}
