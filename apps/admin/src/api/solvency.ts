import { useMutation, useQuery } from "@tanstack/react-query";
import type { Solvency, SolvencyRoot } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

const solvencyKeys = { roots: ["operator-solvency"] as const };

/** Every published snapshot of liabilities, newest first, with its attestation if one was uploaded. */
export function useOperatorSolvency() {
  return useQuery({
    queryKey: solvencyKeys.roots,
    queryFn: ({ signal }) => apiRequest<Solvency>("/operator/solvency", { signal }),
  });
}

/** Publishes a reserves attestation (a PDF or an image) beside a day's root; audited on the server. */
export function useAttestSolvency() {
  return useMutation({
    mutationFn: ({ day, file }: { day: string; file: File }) => {
      const body = new FormData();
      body.append("file", file, file.name);
      return apiRequest<SolvencyRoot>(`/operator/solvency/${encodeURIComponent(day)}/attestation`, {
        method: "PUT",
        body,
      });
    },
    // An upload that timed out may still have been stored: ask for the list again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: solvencyKeys.roots }),
  });
}
