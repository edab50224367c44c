import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type {
  SavingsHistory,
  SavingsMoveRequest,
  SavingsMoveResponse,
  SavingsRecordPage,
  SavingsRecordType,
  SavingsRules,
  SavingsSummary,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { refreshMoney } from "./cashier";
import { apiRequest } from "./client";
import { putSavingsSummary, savingsKeys } from "./savings-cache";
import { useMoneyMutation } from "./use-money-mutation";

const PAGE_SIZE = 20;

export type SavingsDirection = "in" | "out";

export function useSavingsSummary() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: savingsKeys.summary,
    queryFn: ({ signal }) => apiRequest<SavingsSummary>("/v1/savings", { auth: true, signal }),
    enabled: token !== null,
  });
}

/** The last 30 days, oldest first. */
export function useSavingsHistory() {
  return useQuery({
    queryKey: savingsKeys.history,
    queryFn: ({ signal }) => apiRequest<SavingsHistory>("/v1/savings/history", { auth: true, signal }),
  });
}

export function useSavingsRules() {
  return useQuery({
    queryKey: savingsKeys.rules,
    queryFn: ({ signal }) => apiRequest<SavingsRules>("/v1/savings/rules", { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `type` "" is every type; newest first. */
export function useSavingsRecords(type: SavingsRecordType | "") {
  return useInfiniteQuery({
    queryKey: savingsKeys.recordsOf(type),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (type) params.set("type", type);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<SavingsRecordPage>(`/v1/savings/records?${params}`, { auth: true, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export interface SavingsMove extends SavingsMoveRequest {
  direction: SavingsDirection;
}

/**
 * A move in or out. The direction is part of the variables, so a move out of the same amount as a move
 * in that just failed is a new attempt with a new Idempotency-Key.
 */
export function useSavingsMove() {
  return useMoneyMutation<SavingsMove, SavingsMoveResponse>(
    ({ direction, amount }) => ({
      path: direction === "in" ? "/v1/savings/move-in" : "/v1/savings/move-out",
      body: { amount },
    }),
    (answer) => {
      putSavingsSummary(answer.summary);
      // The available balance and the fund records moved too.
      refreshMoney();
    },
  );
}
