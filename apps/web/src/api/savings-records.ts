import { useInfiniteQuery } from "@tanstack/react-query";
import type { SavingsRecordPage, SavingsRecordType } from "@tickfair/contract";
import { apiRequest } from "./client";
import { savingsKeys } from "./savings";

const PAGE_SIZE = 20;

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
