import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors";
import { networkStatus, subscribeNetworkStatus } from "./network-state";

// Queries wait while the app is offline by its own reckoning, not only the browser's events: a phone
// that opens the app offline, or whose calls and socket reach nothing, pauses its queries until the
// network is back (WaitingForNetwork says so meanwhile) instead of failing them.
onlineManager.setEventListener((setOnline) => {
  const follow = () => setOnline(networkStatus() !== "offline");
  follow();
  return subscribeNetworkStatus(follow);
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only when no answer arrived; a 4xx/5xx answer will not change by asking again.
      retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

export const queryKeys = {
  app: ["app"] as const,
  me: ["me"] as const,
  /** Everything below ["cashier"] changes when the user's money moves. */
  cashier: ["cashier"] as const,
  depositMethods: ["cashier", "deposit-methods"] as const,
  deposits: ["cashier", "deposits"] as const,
  withdrawals: ["cashier", "withdrawals"] as const,
  withdrawalAccount: ["cashier", "withdrawal-account"] as const,
  withdrawalQuote: ["cashier", "withdrawal-quote"] as const,
  fundRecords: (type: string) => ["cashier", "fund-records", type] as const,
  /** The user's contracts: stale whenever their money moves. */
  trading: ["trading"] as const,
  openContracts: ["trading", "open"] as const,
  closedContracts: ["trading", "closed"] as const,
  practiceOpenContracts: ["trading", "practice", "open"] as const,
  practiceClosedContracts: ["trading", "practice", "closed"] as const,
  practiceAccount: ["trading", "practice", "account"] as const,
  contract: (id: string) => ["trading", "contract", id] as const,
};
