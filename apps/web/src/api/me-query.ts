import { queryOptions } from "@tanstack/react-query";
import type { MeResponse } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryKeys } from "./query-client";

async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await apiRequest<MeResponse>("/v1/me", { auth: true, signal });
  useSession.getState().setUserInfo(me.user);
  return me;
}

/**
 * The user and the ledger figures of the personal center. Its own module: the router asks for it
 * before the page's code has arrived, so it must not bring the page's hooks into the first load.
 */
export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => fetchMe(signal) });
