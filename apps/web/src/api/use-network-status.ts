import { useSyncExternalStore } from "react";
import { type NetworkStatus, networkStatus, subscribeNetworkStatus } from "./network-state";

/** The connection as the offline banner and the money buttons see it (api/network-state). */
export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribeNetworkStatus, networkStatus, networkStatus);
}
