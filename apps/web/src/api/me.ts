import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChangePasswordRequest, OkResponse } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { meQuery } from "./me-query";

export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery({ ...meQuery, enabled: token !== null });
}

/** Login or transaction password change; a login-password change ends the user's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ body, headers }: { body: ChangePasswordRequest; headers: Record<string, string> }) =>
      apiRequest<OkResponse>("/v1/me/password", { method: "POST", body, auth: true, headers }),
  });
}
