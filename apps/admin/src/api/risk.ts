import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { DeskKind, DeskPage, RiskExposure } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryString } from "./types";

/** The desk's filters, as the API names them. */
export interface DeskFilters {
  kind?: DeskKind;
  symbol?: string;
  account?: string;
}

export const riskKeys = {
  /** Everything "risk.changed" makes stale: the board and the desk. */
  all: ["risk"] as const,
  exposure: ["risk", "exposure"] as const,
  desk: ["risk", "desk"] as const,
  deskList: (filters: DeskFilters) => ["risk", "desk", filters] as const,
};

/**
 * The house's exposure on open contracts. Asked again when the socket says the book moved
 * (use-console-live.ts) and when the tab regains focus; no timer, since the socket keeps it current.
 */
export function useRiskExposure() {
  return useQuery({
    queryKey: riskKeys.exposure,
    queryFn: ({ signal }) => apiRequest<RiskExposure>("/operator/risk/exposure", { signal }),
  });
}

/** The order desk, newest first, a page more at a time on request. */
export function useDesk(filters: DeskFilters) {
  return useInfiniteQuery({
    queryKey: riskKeys.deskList(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DeskPage>(`/operator/desk${queryString({ ...filters, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
