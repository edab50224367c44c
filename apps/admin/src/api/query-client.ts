import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Queues change under the operator's feet: a list shown again is asked for again.
      staleTime: 0,
      refetchOnWindowFocus: true,
      // Retry only when no answer arrived; a 4xx/5xx answer will not change by asking again.
      retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

/** Every cache key in one place; invalidating a prefix refreshes everything below it. */
export const queryKeys = {
  me: ["me"] as const,
  deposits: ["deposits"] as const,
  depositPages: ["deposits", "page"] as const,
  depositPage: (query: object) => ["deposits", "page", query] as const,
  depositProof: (id: string) => ["deposits", "proof", id] as const,
  withdrawals: ["withdrawals"] as const,
  withdrawalPages: ["withdrawals", "page"] as const,
  withdrawalPage: (query: object) => ["withdrawals", "page", query] as const,
  auditPage: (query: object) => ["audit", "page", query] as const,
  dashboard: ["dashboard"] as const,
  depositMethods: ["deposit-methods"] as const,
  cashierSettings: ["cashier-settings"] as const,
  controlChanges: ["control-changes"] as const,
  controlChangePage: (query: object) => ["control-changes", "page", query] as const,
  operators: ["operators"] as const,
  operatorPage: (query: object) => ["operators", "page", query] as const,
  roles: ["roles"] as const,
};
