import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { EndedSessions, MySessions, OkResponse } from "@tickfair/contract";
import { apiRequest } from "./client";

export const sessionsKeys = { mine: ["sessions", "mine"] as const };

/** The devices signed in to the account, the most recently active first. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionsKeys.mine,
    queryFn: ({ signal }) => apiRequest<MySessions>("/v1/me/sessions", { auth: true, signal }),
  });
}

/** Signs one session out; `headers` carry the step-up granted for it. */
export function endSession(id: string, headers: Record<string, string>): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/v1/me/sessions/${encodeURIComponent(id)}`, {
    method: "DELETE",
    auth: true,
    headers,
  });
}

/** Signs every other session out; `headers` carry the step-up granted for it. */
export function endOtherSessions(headers: Record<string, string>): Promise<EndedSessions> {
  return apiRequest<EndedSessions>("/v1/me/sessions/end-others", { method: "POST", auth: true, headers });
}

/** Reads the list again after an ending (or a refusal: the session may have ended meanwhile). */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKeys.mine });
}
