import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type {
  CandleInterval,
  CandleList,
  ChainVerification,
  Contract,
  ContractDetail,
  ContractList,
  ContractPage,
  ContractReceipt,
  PlaceContractRequest,
  Product,
  TickList,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { useWallet } from "../store/wallet";
import { putPlacedContract } from "./account-cache";
import { apiRequest } from "./client";
import { queryKeys } from "./query-client";
import { useMoneyMutation } from "./use-money-mutation";

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

/** Where the wallet the user chose is listed and traded: real money's routes, or the practice account's. */
function walletRoutes() {
  return useWallet.getState().wallet === "practice"
    ? {
        base: "/v1/practice/contracts",
        open: queryKeys.practiceOpenContracts,
        closed: queryKeys.practiceClosedContracts,
      }
    : { base: "/v1/trading/contracts", open: queryKeys.openContracts, closed: queryKeys.closedContracts };
}

/**
 * The user's pending and open contracts of the chosen wallet, kept current by order answers and the
 * socket; never polled.
 */
export function useOpenContracts() {
  const token = useSession((s) => s.token);
  useWallet((s) => s.wallet);
  const routes = walletRoutes();
  return useQuery({
    queryKey: routes.open,
    queryFn: ({ signal }) => apiRequest<ContractList>(`${routes.base}/open`, { auth: true, signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const CLOSED_PAGE_SIZE = 20;

/**
 * Closed positions (settled or void) of the chosen wallet, newest first, page by page; kept current by
 * the socket (realtime.ts).
 */
export function useClosedContracts() {
  const token = useSession((s) => s.token);
  useWallet((s) => s.wallet);
  const routes = walletRoutes();
  return useInfiniteQuery({
    queryKey: routes.closed,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(CLOSED_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<ContractPage>(`${routes.base}/closed?${params}`, { auth: true, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One of the user's contracts with the ticks from its entry to its exit. */
export function useContractDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.contract(id),
    queryFn: ({ signal }) =>
      apiRequest<ContractDetail>(`/v1/trading/contracts/${encodeURIComponent(id)}`, { auth: true, signal }),
    enabled: /^\d{1,19}$/.test(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The contract's receipt: what "Download receipt" saves and Verify checks (closed contracts only). */
export function fetchContractReceipt(id: string, signal?: AbortSignal): Promise<ContractReceipt> {
  return apiRequest<ContractReceipt>(`/v1/trading/contracts/${encodeURIComponent(id)}/receipt`, {
    auth: true,
    signal,
  });
}

/** The server's own recomputation of a product's hash chain from `fromSeq` to `toSeq`. */
export function verifyTickChain(
  symbol: string,
  fromSeq: string,
  toSeq: string,
  signal?: AbortSignal,
): Promise<ChainVerification> {
  const params = new URLSearchParams({ fromSeq, toSeq });
  return apiRequest<ChainVerification>(`${productPath(symbol)}/verify?${params}`, { signal });
}

/** Places an order in the wallet chosen when it is sent. */
export function usePlaceContract() {
  return useMoneyMutation<PlaceContractRequest, Contract>(
    (body) => ({ path: walletRoutes().base, body }),
    // The figures and fund records follow from the account.updated the order raises (realtime.ts).
    putPlacedContract,
  );
}
