import type { CashierStatus } from "@tickfair/contract";

/** The review queues' status filter in the URL: absent is the queue itself (under review); "all" is every status. */
export const STATUS_PARAM = "status";
export const ALL_STATUSES = "all";
export type StatusFilter = CashierStatus | typeof ALL_STATUSES;

export function readStatusFilter(params: URLSearchParams, statuses: readonly CashierStatus[]): StatusFilter {
  const value = params.get(STATUS_PARAM);
  if (value === ALL_STATUSES) return ALL_STATUSES;
  return statuses.find((status) => status === value) ?? "under_review";
}

/** The filter as the URL keeps it: the default leaves the param out. */
export function statusParamValue(filter: StatusFilter): string | undefined {
  return filter === "under_review" ? undefined : filter;
}
