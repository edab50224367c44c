import type { Contract } from "@tickfair/contract";

/**
 * Milliseconds left until the contract's expiry at `now` (server clock), null before its entry tick.
 * Never more than its duration: a phone a little behind the server must not count down from 31 s.
 */
export function timeLeftMs(
  contract: Pick<Contract, "expiresAt" | "durationSeconds">,
  now: number,
): number | null {
  if (!contract.expiresAt) return null;
  return Math.min(contract.durationSeconds * 1000, Date.parse(contract.expiresAt) - now);
}
