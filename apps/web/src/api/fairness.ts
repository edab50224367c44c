import { type InfiniteData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Fairness, FairnessEpoch, FairnessEpochPage } from "@tickfair/contract";
import { apiRequest } from "./client";

/** Fairness figures are public: the same for every reader, with or without a session. */
const keys = {
  chain: ["fairness", "chain"] as const,
  epochs: ["fairness", "epochs"] as const,
};

const EPOCH_PAGE = 10;

export function useFairness() {
  return useQuery({
    queryKey: keys.chain,
    queryFn: ({ signal }) => apiRequest<Fairness>("/v1/fairness", { signal }),
  });
}

/** An epoch as a list shows it: keyed by its index. */
export type ListedEpoch = FairnessEpoch & { id: string };

/** Published epochs, newest first; `refreshMs` re-reads them so a seed appears once its epoch ends. */
export function useFairnessEpochs(refreshMs: number | false) {
  return useInfiniteQuery({
    queryKey: keys.epochs,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(EPOCH_PAGE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<FairnessEpochPage>(`/v1/fairness/epochs?${params}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    select: (
      data,
    ): InfiniteData<{ items: ListedEpoch[]; nextCursor: string | null }, string | undefined> => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((epoch) => ({ ...epoch, id: String(epoch.index) })),
      })),
    }),
    refetchInterval: refreshMs,
  });
}
