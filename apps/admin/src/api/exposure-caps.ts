import { useMutation, useQuery } from "@tanstack/react-query";
import type { ControlChange, ExposureCaps, ExposureCapsChange, ExposureCapsList } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { asOutcome, useDecideControlChange } from "./settings";

const capsKey = ["exposure-caps"] as const;

/** Every product's exposure caps and what its open contracts use of them; refreshed while watched. */
export function useExposureCaps() {
  return useQuery({
    queryKey: capsKey,
    queryFn: ({ signal }) => apiRequest<ExposureCapsList>("/operator/risk/caps", { signal }),
    refetchInterval: 10_000,
  });
}

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: capsKey }),
    queryClient.invalidateQueries({ queryKey: queryKeys.controlChanges }),
  ]);

/** Sets a product's caps: a tightening applies at once, a loosening is proposed for a second admin. */
export function useSetExposureCaps() {
  return useMutation({
    mutationFn: async ({ symbol, ...body }: ExposureCapsChange & { symbol: string }) =>
      asOutcome(
        await apiRequest<ExposureCaps | ControlChange>(`/operator/risk/caps/${encodeURIComponent(symbol)}`, {
          method: "PUT",
          body,
        }),
      ),
    onSettled: refresh,
  });
}

/** A second admin's decision on a proposed loosening of a product's caps. */
export function useDecideCapsChange() {
  return useDecideControlChange("/operator/risk/caps/changes", refresh);
}
