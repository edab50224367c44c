import { useQuery } from "@tanstack/react-query";
import type { ContentArticlePage } from "@tickfair/contract";
import { paths } from "../lib/paths";
import { apiRequest } from "./client";

/**
 * Home's newest articles. Apart from content.ts (the pages' queries) so that each lands in its own
 * lazy chunk: a chunk shared by both would add a file to the preload lists of the first load.
 */

/** One article (/pages/index/detail?id=12). Here rather than in lib/paths.ts, which the first page loads. */
export function articlePath(id: string): string {
  return `${paths.article}?id=${encodeURIComponent(id)}`;
}

/** The newest `limit` articles of a kind (home shows a few; no paging there). */
export function useLatestArticles(kind: "news" | "highlight", limit: number, locale: string) {
  return useQuery({
    // Under ["content"] with the pages' documents (content.ts): the same public, per-language data.
    queryKey: ["content", "articles", kind, limit, locale],
    queryFn: ({ signal }) =>
      apiRequest<ContentArticlePage>(`/v1/content/articles?kind=${kind}&limit=${limit}`, { signal }),
    // Documents change rarely; a minute saves a refetch on each back-and-forth from home.
    staleTime: 60_000,
  });
}
