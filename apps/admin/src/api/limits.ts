import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LimitFigures, OperatorUserLimits } from "@tickfair/contract";
import { apiRequest } from "./client";
import { DASHBOARD_REFRESH_MS } from "./dashboard";
import { type PageRequest, queryString } from "./types";

/**
 * Responsible trading as the console sees it: read-only, since operators can never loosen or lift a
 * user's limits (the server has no route for it). A user's limits sit under the users' keys, so
 * whatever refreshes a user's page refreshes them too.
 */
const limitKeys = {
  user: (userId: string, page: PageRequest) => ["users", "limits", userId, page] as const,
  figures: ["limit-figures"] as const,
};

/** The user's limits, the break in force and one page of their history, newest first. */
export function useUserLimits(userId: string, page: PageRequest) {
  return useQuery({
    queryKey: limitKeys.user(userId, page),
    queryFn: ({ signal }) =>
      apiRequest<OperatorUserLimits>(`/operator/users/${userId}/limits${queryString({ ...page })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The platform's figures, asked again with the rest of the dashboard. */
export function useLimitFigures() {
  return useQuery({
    queryKey: limitKeys.figures,
    queryFn: ({ signal }) => apiRequest<LimitFigures>("/operator/limits/figures", { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
