import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  SavingsOverview,
  SavingsRateChange,
  SavingsRateEntry,
  SavingsSettings,
  SavingsSettingsChange,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

const savingsKeys = { overview: ["savings-overview"] as const };

/** Totals, the accrual's progress, income by day, the rates and the limits: one answer for the page. */
export function useSavingsOverview() {
  return useQuery({
    queryKey: savingsKeys.overview,
    queryFn: ({ signal }) => apiRequest<SavingsOverview>("/operator/savings", { signal }),
  });
}

// A failed change may still have been made (a timeout after the server applied it): ask again either way.
const refreshOverview = () => queryClient.invalidateQueries({ queryKey: savingsKeys.overview });

/** Schedules a rate for a day after today (audited); another one for the same day replaces it. */
export function useScheduleSavingsRate() {
  return useMutation({
    mutationFn: (body: SavingsRateChange) =>
      apiRequest<SavingsRateEntry>("/operator/savings/rates", { method: "POST", body }),
    onSettled: refreshOverview,
  });
}

/** Changes the cut-off and the limits on moves in and out (audited), in force at once. */
export function useSaveSavingsSettings() {
  return useMutation({
    mutationFn: (body: SavingsSettingsChange) =>
      apiRequest<SavingsSettings>("/operator/savings/settings", { method: "PUT", body }),
    onSettled: refreshOverview,
  });
}
