import { useQuery } from "@tanstack/react-query";
import type { PayoutStats } from "@tickfair/contract";
import { apiRequest } from "./client";

/**
 * The platform's published payout times: public, the same for everyone, and slow to change. Its own
 * module: about us shows them without loading the cashier's hooks.
 */
export function usePayoutStats() {
  return useQuery({
    queryKey: ["payout-stats"] as const,
    queryFn: ({ signal }) => apiRequest<PayoutStats>("/v1/cashier/payout-stats", { signal }),
    staleTime: 5 * 60_000,
  });
}
