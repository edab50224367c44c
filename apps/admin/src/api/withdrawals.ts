import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { OperatorWithdrawal, RejectRequest } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { type OperatorWithdrawalPage, queryString, type ReviewPageRequest } from "./types";

export function useWithdrawalPage(request: ReviewPageRequest) {
  return useQuery({
    queryKey: queryKeys.withdrawalPage(request),
    queryFn: ({ signal }) =>
      apiRequest<OperatorWithdrawalPage>(`/operator/withdrawals${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refreshWithdrawals = () => queryClient.invalidateQueries({ queryKey: queryKeys.withdrawals });

export function useApproveWithdrawal() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<OperatorWithdrawal>(`/operator/withdrawals/${id}/approve`, { method: "POST" }),
    onSettled: refreshWithdrawals,
  });
}

export function useRejectWithdrawal() {
  return useMutation({
    mutationFn: ({ id, ...body }: RejectRequest & { id: string }) =>
      apiRequest<OperatorWithdrawal>(`/operator/withdrawals/${id}/reject`, { body }),
    onSettled: refreshWithdrawals,
  });
}
