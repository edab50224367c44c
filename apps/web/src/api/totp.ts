import { useMutation, useQuery } from "@tanstack/react-query";
import type { OkResponse, RecoveryCodesResponse, TotpEnrolment, TotpStatus } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

const TOTP_KEY = ["me", "totp"] as const;

/** Whether two-step sign-in is on, since when, and how many recovery codes are left. */
export function useTotpStatus() {
  return useQuery({
    queryKey: TOTP_KEY,
    queryFn: () => apiRequest<TotpStatus>("/v1/me/totp", { auth: true }),
  });
}

const refreshStatus = () => queryClient.invalidateQueries({ queryKey: TOTP_KEY });

/** A new secret to scan; it counts only once confirmed with a code. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest<TotpEnrolment>("/v1/me/totp", { method: "POST", auth: true }),
  });
}

export function useConfirmTotp() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<RecoveryCodesResponse>("/v1/me/totp/confirm", {
        method: "POST",
        body: { code },
        auth: true,
      }),
    onSuccess: refreshStatus,
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<RecoveryCodesResponse>("/v1/me/totp/recovery-codes", {
        method: "POST",
        body: { code },
        auth: true,
      }),
    onSuccess: refreshStatus,
  });
}

/** Turns it off; `headers` carry the step-up granted for `totpDisableStepUp()`. */
export function useDisableTotp() {
  return useMutation({
    mutationFn: (headers: Record<string, string>) =>
      apiRequest<OkResponse>("/v1/me/totp", { method: "DELETE", auth: true, headers }),
    onSuccess: refreshStatus,
  });
}
