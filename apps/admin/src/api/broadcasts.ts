import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { BroadcastInput, BroadcastPage } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";
import { type PageRequest, queryString } from "./types";

const broadcastKeys = {
  all: ["broadcasts"] as const,
  page: (request: PageRequest) => ["broadcasts", "page", request] as const,
};

/** The broadcasts, newest first, a page at a time, with every locale's text. */
export function useBroadcastPage(request: PageRequest) {
  return useQuery({
    queryKey: broadcastKeys.page(request),
    queryFn: ({ signal }) =>
      apiRequest<BroadcastPage>(`/operator/broadcasts${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

// A failed change may still have been made (a timeout after the server applied it): ask again either way.
const refreshBroadcasts = () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all });

/** A new broadcast (audited): in every inbox at once, or scheduled for `publishAt`. */
export function useCreateBroadcast() {
  return useMutation({
    mutationFn: (body: BroadcastInput) =>
      apiRequest<{ id: string; published: boolean }>("/operator/broadcasts", { body }),
    onSettled: refreshBroadcasts,
  });
}

/** Cancels a scheduled broadcast (audited); one already sent answers BROADCAST_ALREADY_SENT. */
export function useCancelBroadcast() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<{ ok: true }>(`/operator/broadcasts/${encodeURIComponent(id)}/cancel`, { body: { reason } }),
    onSettled: refreshBroadcasts,
  });
}
