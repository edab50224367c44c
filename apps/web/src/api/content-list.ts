import { infiniteQueryOptions, useQuery } from "@tanstack/react-query";
import type { ContentArticlePage } from "@tickfair/contract";
import { paths } from "../lib/paths";
import { apiRequest } from "./client";

/**
 * Home's newest articles and the news list. Apart from content.ts (the pages' queries) so that each
 * lands in its own lazy chunk: a chunk shared by both would add a file to the preload lists of the
 * first load.
 */

/** One article (/pages/index/detail?id=12). Here rather than in lib/paths.ts, which the first page loads. */
export function articlePath(id: string): string {
  return `${paths.article}?id=${encodeURIComponent(id)}`;
}

// Under ["content"] with the pages' documents (content.ts): the same public, per-language data. They
// change rarely; a minute saves a refetch on each back-and-forth from home.
const STALE_MS = 60_000;

/** A publish time as a date in the reader's language ("24 Nov 2026", "2026年11月24日"). */
export function formatPublishDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** The newest `limit` articles of a kind (home shows a few; no paging there). */
export function useLatestArticles(kind: "news" | "highlight", limit: number, locale: string) {
  return useQuery({
    queryKey: ["content", "articles", kind, limit, locale],
    queryFn: ({ signal }) =>
      apiRequest<ContentArticlePage>(`/v1/content/articles?kind=${kind}&limit=${limit}`, { signal }),
    staleTime: STALE_MS,
  });
}

const NEWS_PAGE_SIZE = 20;

/**
 * Every news article, newest first, a cursor page at a time. Options rather than a hook: the hook would
 * bring react-query's infinite query into home's chunk, a file more in the first load's preload list.
 */
export function newsPagesQuery(locale: string) {
  return infiniteQueryOptions({
    queryKey: ["content", "articles", "news", "pages", locale],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ kind: "news", limit: String(NEWS_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<ContentArticlePage>(`/v1/content/articles?${params}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: STALE_MS,
  });
}
