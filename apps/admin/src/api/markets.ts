import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  Fairness,
  OperatorChainVerification,
  OperatorProductList,
  Product,
  UpdateFeedSourcesRequest,
  UpdateProductRequest,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";
import { queryString } from "./types";

const marketKeys = { products: ["market-products"] as const, fairness: ["fairness-chain"] as const };

/** The synthetic markets' seed chain as everyone sees it (public): its anchor, epoch and successor. */
export function useFairnessChain() {
  return useQuery({
    queryKey: marketKeys.fairness,
    queryFn: ({ signal }) => apiRequest<Fairness>("/fairness", { signal }),
    // The epoch turns every few minutes; the card counts down without asking more often.
    refetchInterval: 60_000,
    retry: false,
  });
}

export function useOperatorProducts() {
  return useQuery({
    queryKey: marketKeys.products,
    queryFn: ({ signal }) => apiRequest<OperatorProductList>("/operator/market/products", { signal }),
  });
}

/** Changes a product's terms (audited); contracts placed afterwards get them, open ones keep theirs. */
export function useUpdateProduct() {
  return useMutation({
    mutationFn: ({ symbol, ...body }: UpdateProductRequest & { symbol: string }) =>
      apiRequest<Product>(`/operator/market/products/${encodeURIComponent(symbol)}`, { method: "PUT", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.products }),
  });
}

/** Sets the exchange markets that price a product (audited); none gives it back to the simulator. */
export function useUpdateFeedSources() {
  return useMutation({
    mutationFn: ({ symbol, ...body }: UpdateFeedSourcesRequest & { symbol: string }) =>
      apiRequest<Product>(`/operator/market/products/${encodeURIComponent(symbol)}/feed`, {
        method: "PUT",
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.products }),
  });
}

export function useVerifyChain() {
  return useMutation({
    mutationFn: ({ symbol, from, to }: { symbol: string; from: string; to: string }) =>
      apiRequest<OperatorChainVerification>(
        `/operator/market/products/${encodeURIComponent(symbol)}/verify${queryString({ from, to })}`,
      ),
  });
}
