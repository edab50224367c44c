import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ProductList } from "@tickfair/contract";
import { apiRequest } from "./client";

/** Products (names in `locale`, the Accept-Language of the request), filtered by `q` on the server. */
export function fetchProducts(q: string, signal?: AbortSignal): Promise<ProductList> {
  const query = q === "" ? "" : `?q=${encodeURIComponent(q)}`;
  return apiRequest<ProductList>(`/v1/market/products${query}`, { signal });
}

export const marketKeys = {
  products: (locale: string, q: string) => ["market", "products", locale, q] as const,
};

/**
 * The product list for `q` in `locale`. Prices move over the WebSocket (market-socket), so the list
 * itself is only fetched again on pull-to-refresh, a new search or after a minute (status changes).
 */
export const productsQuery = (locale: string, q: string) =>
  queryOptions({
    queryKey: marketKeys.products(locale, q),
    queryFn: ({ signal }) => fetchProducts(q, signal),
    staleTime: 60_000,
  });

/** `productsQuery` for a screen: while a new search loads, the last list stays. */
export function useProducts(locale: string, q: string) {
  return useQuery({ ...productsQuery(locale, q), placeholderData: keepPreviousData });
}
