import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ContractPage,
  DepositPage,
  ListFilters,
  OperatorUserDetail,
  OperatorUserPage,
  StatementPage,
  UserSession,
  UserSessionPage,
  WithdrawalPage,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";
import { type PageRequest, queryString } from "./types";

/** The users' cache keys: invalidating `users` refreshes every list and page below it. */
const userKeys = {
  all: ["users"] as const,
  search: (query: object) => ["users", "search", query] as const,
  detail: (id: string) => ["users", "detail", id] as const,
  list: (id: string, list: UserList, query: object) => ["users", "list", id, list, query] as const,
};

interface UserSearchRequest extends PageRequest, ListFilters {}

export function useUserSearch(request: UserSearchRequest) {
  return useQuery({
    queryKey: userKeys.search(request),
    queryFn: ({ signal }) =>
      apiRequest<OperatorUserPage>(`/operator/users${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<OperatorUserDetail>(`/operator/users/${id}`, { signal }),
    enabled,
  });
}

/** A user's lists, each a cursor page, newest first. */
export type UserList = "statement" | "contracts" | "deposits" | "withdrawals" | "sessions";
interface UserListPages {
  statement: StatementPage;
  contracts: ContractPage;
  deposits: DepositPage;
  withdrawals: WithdrawalPage;
  sessions: UserSessionPage;
}

/** A row of one of the user's lists. */
export type UserListRow<L extends UserList> = UserListPages[L]["items"][number];

export function useUserList<L extends UserList>(
  id: string,
  list: L,
  request: PageRequest & { state?: "open" | "closed" },
  enabled = true,
) {
  return useQuery({
    queryKey: userKeys.list(id, list, request),
    queryFn: ({ signal }) =>
      apiRequest<UserListPages[L]>(`/operator/users/${id}/${list}${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// A change to a user (session, lock, account) shows on their page, their lists and the search.
const refreshUser = (_id: string) => queryClient.invalidateQueries({ queryKey: userKeys.all });

export function useRevokeSession(userId: string) {
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      apiRequest<UserSession>(`/operator/users/${userId}/sessions/${sessionId}/revoke`, { body: { reason } }),
    onSettled: () => refreshUser(userId),
  });
}

/** Locks (`lock`) or unlocks (`unlock`) the user's sign-in, with a reason. */
export function useSignInLock(userId: string) {
  return useMutation({
    mutationFn: ({ action, reason }: { action: "lock" | "unlock"; reason: string }) =>
      apiRequest<OperatorUserDetail>(`/operator/users/${userId}/${action}`, { body: { reason } }),
    onSettled: () => refreshUser(userId),
  });
}

/** Turns the user's two-step sign-in off, with the operator's reason (audited; the user is told). */
export function useTotpReset(userId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<OperatorUserDetail>(`/operator/users/${userId}/totp/reset`, { body: { reason } }),
    onSettled: () => refreshUser(userId),
  });
}

export function useUnbindWithdrawalAccount(userId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<{ ok: true }>(`/operator/users/${userId}/withdrawal-account`, {
        method: "DELETE",
        body: { reason },
      }),
    onSettled: () => refreshUser(userId),
  });
}
