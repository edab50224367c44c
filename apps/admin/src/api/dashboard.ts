import { useMutation, useQuery } from "@tanstack/react-query";
import type { LedgerCheckReport, OperatorDashboard } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";

/** How often the dashboard asks again while the page is visible (not in a hidden tab). */
export const DASHBOARD_REFRESH_MS = 15_000;

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => apiRequest<OperatorDashboard>("/operator/dashboard", { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * Runs the ledger's invariant check on the live database (recorded in the audit log, so the
 * dashboard's "last check" moves to this run). A GET on the server: it changes no money.
 */
export function useLedgerCheck() {
  return useMutation({
    mutationFn: () => apiRequest<LedgerCheckReport>("/operator/ledger/check"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  });
}
