import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { OperatorDeposit, RejectRequest } from "@tickfair/contract";
import { apiBlob, apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { type OperatorDepositPage, queryString, type ReviewPageRequest } from "./types";

export function useDepositPage(request: ReviewPageRequest) {
  return useQuery({
    queryKey: queryKeys.depositPage(request),
    queryFn: ({ signal }) =>
      apiRequest<OperatorDepositPage>(`/operator/deposits${queryString({ ...request })}`, { signal }),
    // The table keeps the rows on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/**
 * The payment proof as a blob (the endpoint needs the bearer token, so no plain <img src>). Each
 * download is audited on the server: fetched once per drawer, never refetched in the background.
 */
export function useDepositProof(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.depositProof(id),
    queryFn: ({ signal }) => apiBlob(`/operator/deposits/${id}/proof`, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

const refreshDeposits = () => queryClient.invalidateQueries({ queryKey: queryKeys.deposits });

/**
 * Confirms a deposit. Above the second-approval threshold the first confirmation answers the deposit
 * still under review with this operator in `approvals`: another operator must confirm it.
 */
export function useConfirmDeposit() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<OperatorDeposit>(`/operator/deposits/${id}/confirm`, { method: "POST" }),
    onSettled: refreshDeposits,
  });
}

export function useRejectDeposit() {
  return useMutation({
    mutationFn: ({ id, ...body }: RejectRequest & { id: string }) =>
      apiRequest<OperatorDeposit>(`/operator/deposits/${id}/reject`, { body }),
    onSettled: refreshDeposits,
  });
}
