import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { apiCall } from "@tickfair/browser/http-client";
import type {
  BindWithdrawalAccountRequest,
  CreateDepositRequest,
  CreateWithdrawalRequest,
  DemoTopUpRequest,
  DemoTopUpResponse,
  Deposit,
  DepositMethodList,
  DepositPage,
  FundRecordPage,
  FundRecordType,
  MeResponse,
  UploadResponse,
  Withdrawal,
  WithdrawalAccountResponse,
  WithdrawalPage,
  WithdrawalQuote,
} from "@tickfair/contract";
import { fromMinor, toMinor } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { saveFile } from "../lib/save-file";
import { deviceTimeZone } from "../lib/time";
import { apiConfig, apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { type UploadProgress, uploadMultipart } from "./upload";
import { useMoneyMutation } from "./use-money-mutation";

const PAGE_SIZE = 20;

/** Money moved: the personal center's figures and every cashier list may have changed. */
export function refreshMoney(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
}

// ── Deposits ────────────────────────────────────────────────────────────────────────────────────

/** Methods' names and instructions come in the reader's language: one cache entry per language. */
export function useDepositMethods() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...queryKeys.depositMethods, i18n.language],
    queryFn: ({ signal }) =>
      apiRequest<DepositMethodList>("/v1/cashier/deposit-methods", { auth: true, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateDeposit() {
  return useMoneyMutation<CreateDepositRequest, Deposit>(
    (body) => ({ path: "/v1/cashier/deposits", body }),
    refreshMoney,
  );
}

export function useDemoTopUp() {
  return useMoneyMutation<DemoTopUpRequest, DemoTopUpResponse>(
    (body) => ({ path: "/v1/cashier/demo-topup", body }),
    (answer) => {
      // The new balance is known at once: show it without waiting for the refetch.
      queryClient.setQueryData<MeResponse>(queryKeys.me, (me) => {
        if (!me) return me;
        const delta = toMinor(answer.available) - toMinor(me.summary.available);
        return {
          ...me,
          summary: {
            ...me.summary,
            available: answer.available,
            totalAssets: fromMinor(toMinor(me.summary.totalAssets) + delta),
          },
        };
      });
      refreshMoney();
    },
  );
}

/** Uploads an image (POST /api/v1/files) with upload progress; answers the file id. */
export function uploadFile(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return uploadMultipart<UploadResponse>("/v1/files", file, onProgress, signal);
}

const nextPageParam = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;
const pagePath = (base: string, cursor: string | undefined, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ ...extra, limit: String(PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return `${base}?${params}`;
};

export function useDeposits() {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: [...queryKeys.deposits, i18n.language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DepositPage>(pagePath("/v1/cashier/deposits", pageParam), { auth: true, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}

// ── Withdrawal account ──────────────────────────────────────────────────────────────────────────

export function useWithdrawalAccount() {
  return useQuery({
    queryKey: queryKeys.withdrawalAccount,
    queryFn: ({ signal }) =>
      apiRequest<WithdrawalAccountResponse>("/v1/cashier/withdrawal-account", { auth: true, signal }),
  });
}

export function useBindWithdrawalAccount() {
  return useMutation({
    mutationFn: ({
      body,
      headers,
    }: {
      body: BindWithdrawalAccountRequest;
      headers: Record<string, string>;
    }) =>
      apiRequest<WithdrawalAccountResponse>("/v1/cashier/withdrawal-account", {
        method: "POST",
        body,
        auth: true,
        headers,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.withdrawalAccount, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalQuote });
    },
  });
}

// ── Withdrawals ─────────────────────────────────────────────────────────────────────────────────

export function useWithdrawalQuote() {
  return useQuery({
    queryKey: queryKeys.withdrawalQuote,
    queryFn: ({ signal }) =>
      apiRequest<WithdrawalQuote>("/v1/cashier/withdrawals/quote", { auth: true, signal }),
    staleTime: 0,
  });
}

/** A withdrawal with its step-up's header; a retry after a lost answer keeps its Idempotency-Key. */
export function useCreateWithdrawal() {
  return useMoneyMutation<{ body: CreateWithdrawalRequest; headers: Record<string, string> }, Withdrawal>(
    ({ body, headers }) => ({ path: "/v1/cashier/withdrawals", body, headers }),
    refreshMoney,
  );
}

/** Cancels the withdrawal with this id. */
export function useCancelWithdrawal() {
  return useMoneyMutation<string, Withdrawal>(
    (id) => ({ path: `/v1/cashier/withdrawals/${encodeURIComponent(id)}/cancel` }),
    (answer) => {
      // Show the new status at once; the refetch follows.
      queryClient.setQueryData<InfiniteData<WithdrawalPage>>(queryKeys.withdrawals, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === answer.id ? answer : item)),
              })),
            }
          : data,
      );
      refreshMoney();
    },
  );
}

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: queryKeys.withdrawals,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<WithdrawalPage>(pagePath("/v1/cashier/withdrawals", pageParam), { auth: true, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}

// ── Fund records ────────────────────────────────────────────────────────────────────────────────

/** `type` "" is every type. */
export function useFundRecords(type: FundRecordType | "") {
  return useInfiniteQuery({
    queryKey: queryKeys.fundRecords(type),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FundRecordPage>(pagePath("/v1/cashier/fund-records", pageParam, type ? { type } : {}), {
        auth: true,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
  });
}

/** The file name a Content-Disposition header gives, if any. */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/** Fetches the fund records as CSV with the session token and hands the file to the browser's download. */
export async function downloadFundRecordsCsv(type: FundRecordType | ""): Promise<void> {
  // The device's zone: the file's times then read as the screen's (the file's header names it).
  const params = new URLSearchParams({ timeZone: deviceTimeZone() });
  if (type) params.set("type", type);
  const { blob, disposition } = await apiCall(
    apiConfig,
    `/v1/cashier/fund-records.csv?${params}`,
    { auth: true, headers: { Accept: "text/csv" } },
    async (response) => ({
      blob: await response.blob(),
      disposition: response.headers.get("content-disposition"),
    }),
  );
  const name = dispositionName(disposition) ?? `fund-records-${new Date().toISOString().slice(0, 10)}.csv`;
  saveFile(blob, name);
}
