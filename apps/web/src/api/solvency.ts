import { useQuery } from "@tanstack/react-query";
import type { Solvency, SolvencyProof } from "@tickfair/contract";
import { apiRequest } from "./client";

/** The published roots are public, the same for everyone; the proof is the signed-in user's own leaf. */
const keys = {
  roots: ["solvency-roots"] as const,
  proof: ["solvency", "proof"] as const,
};

/** A snapshot is taken once a day and never changes: no need to ask again while the page is open. */
const A_DAY_STALE = 10 * 60_000;

export function useSolvency() {
  return useQuery({
    queryKey: keys.roots,
    queryFn: ({ signal }) => apiRequest<Solvency>("/v1/solvency", { signal }),
    staleTime: A_DAY_STALE,
  });
}

export function useSolvencyProof(enabled: boolean) {
  return useQuery({
    queryKey: keys.proof,
    queryFn: ({ signal }) => apiRequest<SolvencyProof>("/v1/solvency/proof", { auth: true, signal }),
    staleTime: A_DAY_STALE,
    enabled,
  });
}
