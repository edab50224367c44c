import { queryOptions } from "@tanstack/react-query";
import type { LiveBanners } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

/** Banners and pop-ups change rarely; a minute saves a refetch on each back-and-forth from home. */
export const NOTICES_STALE_MS = 60_000;

/**
 * The banners operators published, in `locale`. Its own module: the router asks for them before
 * home's code has arrived, so it must not bring home's hooks into the first load.
 */
export const bannersQuery = (locale: string) =>
  queryOptions({
    queryKey: ["content", "banners", locale],
    queryFn: ({ signal }) => apiRequest<LiveBanners>("/v1/content/banners", { signal }),
    staleTime: NOTICES_STALE_MS,
  });

/**
 * Fetches the banners and asks at once for the first one's picture (the slide in view), at the highest
 * priority: it is home's largest element, and its address is known only from this answer. The
 * carousel's <img> then finds it already on its way instead of starting it when home has rendered.
 */
export async function prefetchBanners(locale: string): Promise<void> {
  const banners = await queryClient.fetchQuery(bannersQuery(locale)).catch(() => null);
  const first = banners?.items[0]?.image;
  if (!first || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(first.url)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = first.url;
  link.fetchPriority = "high";
  document.head.append(link);
}
