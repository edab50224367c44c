import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActiveBreak,
  LimitKind,
  SessionActivity,
  SetLimitRequest,
  TakeBreakRequest,
  UserLimits,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";

export const limitsKeys = {
  all: ["limits"] as const,
  limits: ["limits", "mine"] as const,
  /** The reality check's figures: the session's trading and the reminder in force. */
  session: ["limits", "session"] as const,
};

export function useLimits() {
  return useQuery({
    queryKey: limitsKeys.limits,
    queryFn: ({ signal }) => apiRequest<UserLimits>("/v1/limits", { auth: true, signal }),
  });
}

/** The reality check's figures, read when it is due rather than kept fresh: a session trades a lot. */
export function useSessionActivity() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: limitsKeys.session,
    queryFn: ({ signal }) => apiRequest<SessionActivity>("/v1/limits/session", { auth: true, signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every limits answer is the whole page's: it replaces the cached one, and the reminder may have moved. */
function useLimitsAnswer() {
  const queryClient = useQueryClient();
  return (answer: UserLimits) => {
    queryClient.setQueryData(limitsKeys.limits, answer);
    void queryClient.invalidateQueries({ queryKey: limitsKeys.session });
  };
}

export function useSetLimit() {
  const replace = useLimitsAnswer();
  return useMutation({
    // `headers`: a loosening's or removal's step-up; a tightening goes without.
    mutationFn: ({
      kind,
      value,
      headers,
    }: { kind: LimitKind; headers: Record<string, string> } & SetLimitRequest) =>
      apiRequest<UserLimits>(`/v1/limits/${kind}`, { method: "PUT", body: { value }, auth: true, headers }),
    onSuccess: replace,
  });
}

export function useCancelPendingLimit() {
  const replace = useLimitsAnswer();
  return useMutation({
    mutationFn: (kind: LimitKind) =>
      apiRequest<UserLimits>(`/v1/limits/${kind}/pending`, { method: "DELETE", auth: true }),
    onSuccess: replace,
  });
}

/**
 * Starts a time-out or self-exclusion. The server ends every session of the user with it, this one
 * included, so the app forgets it and its cached answers as soon as the break is confirmed.
 */
export function useTakeBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeBreakRequest) =>
      apiRequest<ActiveBreak>("/v1/limits/break", { method: "POST", body, auth: true }),
    onSuccess: () => {
      useSession.getState().clearSession();
      queryClient.clear();
    },
  });
}

/** Goes on after a loss streak paused the user's orders; refused until the pause is over. */
export function useContinueAfterLossStreak() {
  return useMutation({
    mutationFn: () => apiRequest<unknown>("/v1/limits/loss-streak/continue", { method: "POST", auth: true }),
  });
}
