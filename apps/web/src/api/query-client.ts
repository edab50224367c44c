import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only when no answer arrived; a 4xx/5xx answer will not change by asking again.
      retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

export const queryKeys = {
  app: ["app"] as const,
  me: ["me"] as const,
};
