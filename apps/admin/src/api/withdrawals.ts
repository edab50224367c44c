import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { MarkWithdrawalPaidRequest, OperatorWithdrawal, RejectRequest } from "@tickfair/contract";
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

/** The reviewer takes the withdrawal: its timeline shows it picked up. */
export function usePickUpWithdrawal() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<OperatorWithdrawal>(`/operator/withdrawals/${id}/pick-up`, { method: "POST" }),
    onSettled: refreshWithdrawals,
  });
}

/** Records that an approved withdrawal's money was sent, with the payment's reference. */
export function useMarkWithdrawalPaid() {
  return useMutation({
    mutationFn: ({ id, ...body }: MarkWithdrawalPaidRequest & { id: string }) =>
      apiRequest<OperatorWithdrawal>(`/operator/withdrawals/${id}/paid`, { body }),
    onSettled: refreshWithdrawals,
  });
}
