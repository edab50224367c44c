import { useQuery } from "@tanstack/react-query";
import type { ExpectedValue, ProductTermsHistory } from "@tickfair/contract";
import { apiRequest } from "./client";

/*
 * A product's published terms and what its contracts are worth: the same for everyone, so no session.
 * Apart from the trading hooks, so the trading page's own code does not carry them.
 */

const productPath = (symbol: string) => `/v1/market/products/${encodeURIComponent(symbol)}`;

/** What 100 staked returns on average per duration, fair and realized. */
export function useExpectedValue(symbol: string) {
  return useQuery({
    queryKey: ["market", "expected-value", symbol] as const,
    queryFn: ({ signal }) => apiRequest<ExpectedValue>(`${productPath(symbol)}/expected-value`, { signal }),
    enabled: symbol !== "",
    staleTime: 60_000,
  });
}

/** Every version of a product's terms, newest first. */
export function useTermsHistory(symbol: string) {
  return useQuery({
    queryKey: ["market", "terms-history", symbol] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProductTermsHistory>(`${productPath(symbol)}/terms-history`, { signal }),
    enabled: symbol !== "",
    staleTime: 60_000,
  });
}
