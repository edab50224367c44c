import { type InfiniteData, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type { InboxMessage, InboxPage, UnreadCount } from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";
import { inboxKeys } from "./unread-count";

const PAGE_SIZE = 20;

type InboxPages = InfiniteData<InboxPage, string | undefined>;

/** The user's system messages, newest first, a cursor page at a time. */
export function useInboxPages() {
  return useInfiniteQuery({
    queryKey: inboxKeys.pages,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<InboxPage>(`/v1/messages?${params}`, { auth: true, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The cached pages with the messages `isRead` picks turned read. */
function markCachedRead(isRead: (message: InboxMessage) => boolean): void {
  queryClient.setQueryData<InboxPages>(inboxKeys.pages, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((m) => (!m.read && isRead(m) ? { ...m, read: true } : m)),
          })),
        }
      : data,
  );
}

interface Snapshot {
  pages: InboxPages | undefined;
  unread: UnreadCount | undefined;
}

async function takeSnapshot(): Promise<Snapshot> {
  // A refetch under way would put the message back as unread when it lands.
  await queryClient.cancelQueries({ queryKey: inboxKeys.all });
  return {
    pages: queryClient.getQueryData<InboxPages>(inboxKeys.pages),
    unread: queryClient.getQueryData<UnreadCount>(inboxKeys.unread),
  };
}

function restore(snapshot: Snapshot | undefined): void {
  if (!snapshot) return;
  queryClient.setQueryData(inboxKeys.pages, snapshot.pages);
  queryClient.setQueryData(inboxKeys.unread, snapshot.unread);
}

/**
 * Marks one message read. The row and the badge change at once; the server's count replaces the
 * guess when it answers, and a refusal puts both back.
 */
export function useMarkRead() {
  return useMutation({
    mutationFn: (message: InboxMessage) =>
      apiRequest<UnreadCount>(`/v1/messages/${encodeURIComponent(message.id)}/read`, {
        method: "POST",
        auth: true,
      }),
    onMutate: async (message) => {
      const snapshot = await takeSnapshot();
      markCachedRead((m) => m.id === message.id);
      if (snapshot.unread && !message.read)
        queryClient.setQueryData<UnreadCount>(inboxKeys.unread, {
          unread: Math.max(0, snapshot.unread.unread - 1),
        });
      return snapshot;
    },
    onError: (_error, _message, snapshot) => restore(snapshot),
    onSuccess: (answer) => queryClient.setQueryData(inboxKeys.unread, answer),
  });
}

/** Marks every message read (after the page's confirmation: it cannot be undone). */
export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>("/v1/messages/read-all", { method: "POST", auth: true }),
    onSuccess: (answer) => {
      markCachedRead(() => true);
      queryClient.setQueryData(inboxKeys.unread, answer);
    },
  });
}
