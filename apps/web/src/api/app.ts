import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryKeys } from "./query-client";

export async function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  const info = await apiRequest<AppInfo>("/v1/app", { signal });
  useSession.getState().setAppInfo(info);
  return info;
}

/** Name, version, demo mode, currency and time zone of this deployment (kept in the session store). */
export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys.app,
    queryFn: ({ signal }) => fetchAppInfo(signal),
    staleTime: 10 * 60_000,
  });
}
