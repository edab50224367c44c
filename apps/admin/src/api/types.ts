import type {
  auditPage,
  CashierStatus,
  controlChangePage,
  ListFilters,
  operatorAccountPage,
  operatorDepositPage,
  operatorWithdrawalPage,
} from "@tickfair/contract";
import type { z } from "zod";

// The contract names its page schemas (pageOf) but not all their types; they are inferred here, never restated.
export type OperatorDepositPage = z.infer<typeof operatorDepositPage>;
export type OperatorWithdrawalPage = z.infer<typeof operatorWithdrawalPage>;
export type AuditPage = z.infer<typeof auditPage>;
export type OperatorAccountPage = z.infer<typeof operatorAccountPage>;
export type ControlChangePage = z.infer<typeof controlChangePage>;

/** One page request of a cursor-paginated list (the contract's pageQuery / filteredPageQuery). */
export interface PageRequest {
  cursor: string | undefined;
  limit: number;
}

/** A page of a review queue, of one status or (undefined) of every status, narrowed by the list's filters. */
export interface ReviewPageRequest extends PageRequest, ListFilters {
  status: CashierStatus | undefined;
}

/** `?key=value…` of the defined entries. */
export function queryString(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}
