import { useMutation } from "@tanstack/react-query";
import type {
  LoginRequest,
  LoginResponse,
  OkResponse,
  RegisterCheckRequest,
  RegisterRequest,
  RegisterResponse,
  SecondFactorRequest,
  SessionResponse,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

/** Keeps a new session, dropping every answer cached for whoever was signed in before. */
function startSession(session: SessionResponse): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "app" });
  useSession.getState().setSession(session);
}

/** The password step: a session, or the challenge of two-step sign-in (useSecondFactor). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<LoginResponse>("/v1/auth/login", { method: "POST", body }),
    onSuccess: (answer) => {
      if (answer.step === "session") startSession(answer);
    },
  });
}

/** The second step: the challenge with the authenticator's code or a recovery code. */
export function useSecondFactor() {
  return useMutation({
    mutationFn: (body: SecondFactorRequest) =>
      apiRequest<SessionResponse>("/v1/auth/login/second-factor", { method: "POST", body }),
    onSuccess: startSession,
  });
}

export function useRegisterCheck() {
  return useMutation({
    mutationFn: (body: RegisterCheckRequest) =>
      apiRequest<OkResponse>("/v1/auth/register/check", { method: "POST", body }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiRequest<RegisterResponse>("/v1/auth/register", { method: "POST", body }),
  });
}

/**
 * A signed-out phone is told nothing more: this browser's push subscription ends with the session
 * (the server drops it on logout too). Its code loads only where the browser can push at all.
 */
async function forgetPushSubscription(): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
  try {
    await (await import("./push")).disablePush();
  } catch {
    // Offline, or no worker: the server still forgets the subscription with the session.
  }
}

/**
 * Ends the session on the server (failures ignored: the token is forgotten either way),
 * then forgets it here and drops every cached answer.
 */
export async function logout(): Promise<void> {
  if (useSession.getState().token) {
    await forgetPushSubscription();
    try {
      await apiRequest<OkResponse>("/v1/auth/logout", {
        method: "POST",
        auth: true,
        ignoreUnauthorized: true,
      });
    } catch {
      // Offline or already expired: nothing more to end on the server from here.
    }
  }
  useSession.getState().clearSession();
  queryClient.clear();
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
