import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type EndedSessions,
  endOtherSessionsStepUp,
  endSessionStepUp,
  type MySessions,
  type OkResponse,
  STEP_UP_HEADER,
} from "@tickfair/contract";
import { apiRequest } from "./client";

export const sessionsKeys = { mine: ["sessions", "mine"] as const };

/** The devices signed in to the account, the most recently active first. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionsKeys.mine,
    queryFn: ({ signal }) => apiRequest<MySessions>("/v1/me/sessions", { auth: true, signal }),
  });
}

/** The actions ending sessions, each with the step-up action its grant must be asked for. */
export const endSessionRequest = (id: string) => ({
  action: endSessionStepUp(id),
  send: (stepUpToken: string) =>
    apiRequest<OkResponse>(`/v1/me/sessions/${encodeURIComponent(id)}`, {
      method: "DELETE",
      auth: true,
      headers: { [STEP_UP_HEADER]: stepUpToken },
    }),
});

export const endOtherSessionsRequest = () => ({
  action: endOtherSessionsStepUp(),
  send: (stepUpToken: string) =>
    apiRequest<EndedSessions>("/v1/me/sessions/end-others", {
      method: "POST",
      auth: true,
      headers: { [STEP_UP_HEADER]: stepUpToken },
    }),
});

/** Refreshes the list after a session ended (or failed to: it may have ended meanwhile). */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKeys.mine });
}
