import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { AuditFilters } from "@tickfair/contract";
import { auditCsvFileName } from "../lib/audit-filters";
import { downloadBlob } from "../lib/download";
import { apiBlob, apiRequest } from "./client";
import { queryKeys } from "./query-client";
import { type AuditPage, type PageRequest, queryString } from "./types";

/** The audit log, newest first, narrowed by the filters (admins only). */
export function useAuditPage(request: PageRequest & AuditFilters) {
  return useQuery({
    queryKey: queryKeys.auditPage(request),
    queryFn: ({ signal }) =>
      apiRequest<AuditPage>(`/operator/audit${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the filtered log as the server writes it (CSV, header in the console's language). The
 * file needs the operator's token, so it is fetched and handed to the browser as a blob.
 */
export function useAuditExport() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const blob = await apiBlob(`/operator/audit.csv${queryString({ ...filters })}`);
      downloadBlob(auditCsvFileName(new Date()), blob);
    },
  });
}
