import { useQuery } from "@tanstack/react-query";
import type { ContentPageKind, PublishedContent } from "@tickfair/contract";
import { apiRequest } from "./client";

/**
 * Public content, the same for every reader of a language: the language is part of the key. Home's
 * list of articles is in content-list.ts, so that home's chunk does not share a chunk with the pages.
 */
export const contentKeys = {
  all: ["content"] as const,
  page: (kind: ContentPageKind, locale: string) => ["content", "page", kind, locale] as const,
  article: (id: string, locale: string) => ["content", "article", id, locale] as const,
};

// Documents change rarely; a minute saves a refetch on each back-and-forth from home.
const STALE_MS = 60_000;

export function useContentPage(kind: ContentPageKind, locale: string) {
  return useQuery({
    queryKey: contentKeys.page(kind, locale),
    queryFn: ({ signal }) => apiRequest<PublishedContent>(`/v1/content/pages/${kind}`, { signal }),
    staleTime: STALE_MS,
  });
}

export function useArticle(id: string, locale: string) {
  return useQuery({
    queryKey: contentKeys.article(id, locale),
    queryFn: ({ signal }) =>
      apiRequest<PublishedContent>(`/v1/content/articles/${encodeURIComponent(id)}`, { signal }),
    staleTime: STALE_MS,
    enabled: id !== "",
  });
}
