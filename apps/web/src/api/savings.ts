import { useQuery } from "@tanstack/react-query";
import type { SavingsHistory, SavingsRules, SavingsSummary } from "@tickfair/contract";
import { paths } from "../lib/paths";
import { useSession } from "../store/session";
import { apiRequest } from "./client";

/**
 * The cached answers about the user's Yu'ebao. Their keys are here rather than in query-client.ts,
 * which the first page loads: the realtime client, home's Yu'ebao card and the savings pages need them.
 */
export const savingsKeys = {
  /** Everything below ["savings"] is the signed-in user's and changes when their shares move. */
  all: ["savings"] as const,
  summary: ["savings", "summary"] as const,
  history: ["savings", "history"] as const,
  records: ["savings", "records"] as const,
  recordsOf: (type: string) => ["savings", "records", type] as const,
  /** Public and the same for everyone: a move does not change it. */
  rules: ["savings-rules"] as const,
};

export type SavingsDirection = "in" | "out";

/**
 * A move into or out of Yu'ebao (/pages/transfer/transfer?direction=in). Here rather than in
 * lib/paths.ts, which the first page loads.
 */
export function transferPath(direction: SavingsDirection): string {
  return `${paths.transfer}?direction=${direction}`;
}

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
