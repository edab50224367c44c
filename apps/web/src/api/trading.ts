import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CandleInterval,
  CandleList,
  Contract,
  ContractList,
  PlaceContractRequest,
  Product,
  TickList,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { refreshMoney } from "./cashier";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";

const productPath = (symbol: string) => `/v1/market/products/${encodeURIComponent(symbol)}`;

/** One product (status, durations, stake limits, latest ticker); names in `locale`. */
export function useProduct(symbol: string, locale: string) {
  return useQuery({
    queryKey: ["market", "product", locale, symbol] as const,
    queryFn: ({ signal }) => apiRequest<Product>(productPath(symbol), { signal }),
    enabled: symbol !== "",
    staleTime: 60_000,
  });
}

/** The latest `limit` ticks, oldest first. */
export function fetchTicks(symbol: string, limit: number, signal?: AbortSignal): Promise<TickList> {
  return apiRequest<TickList>(`${productPath(symbol)}/ticks?limit=${limit}`, { signal });
}

export function fetchCandles(
  symbol: string,
  interval: CandleInterval,
  limit: number,
  signal?: AbortSignal,
): Promise<CandleList> {
  return apiRequest<CandleList>(`${productPath(symbol)}/candles?interval=${interval}&limit=${limit}`, {
    signal,
  });
}

/** The user's pending and open contracts; refreshed on account.updated (see realtime.ts), never polled. */
export function useOpenContracts() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.openContracts,
    queryFn: ({ signal }) => apiRequest<ContractList>("/v1/trading/contracts/open", { auth: true, signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function refreshOpenContracts(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.trading });
}

export function usePlaceContract() {
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceContractRequest; key: string }) =>
      apiRequest<Contract>("/v1/trading/contracts", {
        method: "POST",
        body,
        auth: true,
        idempotencyKey: key,
      }),
    onSuccess: (placed) => {
      queryClient.setQueryData<ContractList>(queryKeys.openContracts, (list) =>
        list ? { items: [placed, ...list.items.filter((c) => c.id !== placed.id)] } : list,
      );
      refreshOpenContracts();
      refreshMoney();
    },
  });
}
