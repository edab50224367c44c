import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChangePasswordRequest, MeResponse, OkResponse } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryKeys } from "./query-client";

export async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await apiRequest<MeResponse>("/v1/me", { auth: true, signal });
  useSession.getState().setUserInfo(me.user);
  return me;
}

/** The user and the ledger figures of the personal center. */
export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== null,
  });
}

/** Login or transaction password change; a login-password change ends the user's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<OkResponse>("/v1/me/password", { method: "POST", body, auth: true }),
  });
}
