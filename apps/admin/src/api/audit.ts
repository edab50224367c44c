import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";
import { queryKeys } from "./query-client";
import { type AuditPage, type PageRequest, queryString } from "./types";

/** The audit log, newest first (admins only). */
export function useAuditPage(request: PageRequest) {
  return useQuery({
    queryKey: queryKeys.auditPage(request),
    queryFn: ({ signal }) =>
      apiRequest<AuditPage>(`/operator/audit${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
