import { useQuery } from "@tanstack/react-query";
import type { RiskWarningResponse } from "@tickfair/contract";
import { apiRequest } from "./client";

// The figure is stored once a day and the server lets caches keep it five minutes.
const STALE_MS = 5 * 60_000;

/** The risk warning's figure: the share of users who lost money, or null while too few traded. */
export function useRiskFigure() {
  return useQuery({
    queryKey: ["risk-warning"],
    queryFn: ({ signal }) => apiRequest<RiskWarningResponse>("/v1/risk-warning", { signal }),
    staleTime: STALE_MS,
    select: (answer) => answer.figure,
  });
}
