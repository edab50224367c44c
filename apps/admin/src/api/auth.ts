import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  OkResponse,
  OperatorInfo,
  OperatorLoginChallenge,
  OperatorLoginRequest,
  OperatorSecondFactorRequest,
  OperatorSessionResponse,
} from "@tickfair/contract";
import { useEffect } from "react";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";

/** Step one: the password, answered with a challenge for the second factor (or an enrolment). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: OperatorLoginRequest) =>
      apiRequest<OperatorLoginChallenge>("/operator/auth/login", { body, auth: false }),
  });
}

/** Step two: the authenticator's code or a recovery code, answered with the session. */
export function useSecondFactor() {
  return useMutation({
    mutationFn: (body: OperatorSecondFactorRequest) =>
      apiRequest<OperatorSessionResponse>("/operator/auth/second-factor", { body, auth: false }),
  });
}

/** The signed-in operator, kept in step with the session store (a role may change meanwhile). */
export function useMe() {
  const setOperator = useSession((state) => state.setOperator);
  const query = useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => apiRequest<OperatorInfo>("/operator/me", { signal }),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.data) setOperator(query.data);
  }, [query.data, setOperator]);
  return query;
}

function forgetSession(): void {
  useSession.getState().signOut();
  queryClient.clear();
}

/** The sign-out mutation's key: while it runs, the server ending the session is no surprise. */
export const SIGN_OUT_MUTATION_KEY = ["sign-out"] as const;

/** Ends this session, or with `everywhere` every session of this operator (other browsers included). */
export function useSignOut() {
  return useMutation({
    mutationKey: SIGN_OUT_MUTATION_KEY,
    mutationFn: async ({ everywhere }: { everywhere: boolean }) => {
      if (everywhere) {
        // Forgotten only once the server ended them all: on failure the operator is told and may retry.
        await apiRequest<OkResponse>("/operator/auth/logout-everywhere", { method: "POST" });
      } else {
        // Forgotten even when the server could not be told: signing out always works here.
        await apiRequest<OkResponse>("/operator/auth/logout", { method: "POST" }).catch(() => undefined);
      }
      forgetSession();
    },
  });
}
