import type { Contract } from "@tickfair/contract";
import { useEffect, useRef } from "react";
import { listen } from "./live-socket";

/**
 * Calls `onSettled` with each of the user's contracts that closes (settled or void) while the caller is
 * mounted, as the server tells it over the socket (contract.settled).
 */
export function useSettlements(onSettled: (contract: Contract) => void): void {
  const latest = useRef(onSettled);
  latest.current = onSettled;
  useEffect(
    () =>
      listen((message) => {
        if (message.type === "contract.settled") latest.current(message.contract);
      }),
    [],
  );
}
