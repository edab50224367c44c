import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ListFilters,
  OperatorVerification,
  OperatorVerificationPage,
  VerificationIdNumber,
  VerificationRejectRequest,
  VerificationReviewQuery,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { ApiError } from "./errors";
import { queryClient } from "./query-client";
import { queryString } from "./types";

/** The states a reviewer filters by: the queue itself, then the decided ones. */
export type VerificationReviewState = VerificationReviewQuery["state"];

interface VerificationPageRequest extends ListFilters {
  state: VerificationReviewState;
  cursor: string | undefined;
  limit: number;
}

export const verificationKeys = {
  all: ["verifications"] as const,
  pages: ["verifications", "page"] as const,
  page: (request: VerificationPageRequest) => ["verifications", "page", request] as const,
  detail: (id: string) => ["verifications", "detail", id] as const,
};

const fetchPage = (request: VerificationPageRequest, signal: AbortSignal) =>
  apiRequest<OperatorVerificationPage>(`/operator/verifications${queryString({ ...request })}`, { signal });

export function useVerificationPage(request: VerificationPageRequest) {
  return useQuery({
    queryKey: verificationKeys.page(request),
    queryFn: ({ signal }) => fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One submission with its photo links and the user's earlier submissions. Every answer is audited as
 * a view of the user's private photos, so it is asked once per opening of the drawer and never in the
 * background (no refetch on focus, nothing kept once the drawer closes); the drawer asks again
 * only when the operator needs a link that has expired.
 */
export function useVerification(id: string | null) {
  return useQuery({
    queryKey: verificationKeys.detail(id ?? ""),
    queryFn: ({ signal }) => apiRequest<OperatorVerification>(`/operator/verifications/${id}`, { signal }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

// A failed decision may still have been taken (a timeout after the server decided): refresh either way.
const refreshQueue = () => queryClient.invalidateQueries({ queryKey: [...verificationKeys.all, "page"] });

/** The drawer shows the submission as the server answered the decision (its photo links fresh too). */
const keepAnswer = (answer: OperatorVerification) =>
  queryClient.setQueryData(verificationKeys.detail(answer.id), answer);

/** Another reviewer decided first: the drawer asks again, to show their decision instead of the buttons. */
const showDecided = (error: Error, id: string) => {
  if (error instanceof ApiError && error.code === "NOT_UNDER_REVIEW")
    void queryClient.invalidateQueries({ queryKey: verificationKeys.detail(id) });
};

export function useApproveVerification() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<OperatorVerification>(`/operator/verifications/${id}/approve`, { method: "POST" }),
    onSuccess: keepAnswer,
    onError: (error, id) => showDecided(error, id),
    onSettled: refreshQueue,
  });
}

export function useRejectVerification() {
  return useMutation({
    mutationFn: ({ id, ...body }: VerificationRejectRequest & { id: string }) =>
      apiRequest<OperatorVerification>(`/operator/verifications/${id}/reject`, { body }),
    onSuccess: keepAnswer,
    onError: (error, { id }) => showDecided(error, id),
    onSettled: refreshQueue,
  });
}

/**
 * One look at a submission's full ID number. A mutation, not a query: each look is audited on the
 * server, so it is asked only when the reviewer asks, and the answer lives in the drawer, nowhere else.
 */
export function useRevealIdNumber() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<VerificationIdNumber>(`/operator/verifications/${id}/id-number`, { method: "POST" }),
  });
}
