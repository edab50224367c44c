import type { Contract } from "@tickfair/contract";
import { useEffect, useState } from "react";
import { serverNow } from "./server-clock";

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

/**
 * The current time on the server's clock, re-read on every whole second while `active`, so countdowns
 * on screen change together and exactly when the second turns.
 */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      setNow(serverNow());
      timer = setTimeout(next, 1000 - (serverNow() % 1000));
    };
    next();
    return () => clearTimeout(timer);
  }, [active]);
  return now;
}
