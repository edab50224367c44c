import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type {
  CannedReply,
  CannedReplyInput,
  CannedReplyList,
  ChatHistory,
  ChatMessage,
  ChatView,
  ConversationContext,
  ConversationPage,
  ConversationState,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";
import { queryString } from "./types";

interface ConversationListRequest {
  view: ChatView;
  state: ConversationState;
}

/** Messages asked for per page of history. */
const HISTORY_PAGE = 30;

export const chatKeys = {
  /** What a `chats.changed` makes stale: the lists and the open conversation's context. */
  changing: ["chats", "changing"] as const,
  list: (request: ConversationListRequest) => ["chats", "changing", "list", request] as const,
  context: (id: string) => ["chats", "changing", "context", id] as const,
  history: (id: string) => ["chats", "history", id] as const,
  canned: (locale: string) => ["chats", "canned", locale] as const,
};

const chatPath = (id: string, rest = "") => `/operator/chats/${encodeURIComponent(id)}${rest}`;

/** The inbox's list of one view and state, most recent activity first, a page more at a time. */
export function useConversationList(request: ConversationListRequest) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(request),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationPage>(`/operator/chats${queryString({ ...request, cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * A conversation's history, newest page first; each further page is older. Never asked again in the
 * background: the socket brings what follows, and refetching every page loaded would cost as many requests.
 */
export function useChatHistory(id: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ChatHistory>(
        chatPath(id, `/messages${queryString({ before: pageParam, limit: HISTORY_PAGE })}`),
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.seq : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Who the operator talks to: account, verification, figures, bound account, recent withdrawals. */
export function useConversationContext(id: string) {
  return useQuery({
    queryKey: chatKeys.context(id),
    queryFn: ({ signal }) => apiRequest<ConversationContext>(chatPath(id, "/context"), { signal }),
  });
}

const refreshLists = () => queryClient.invalidateQueries({ queryKey: chatKeys.changing });

interface SendRequest {
  id: string;
  clientKey: string;
  body: string;
  note: boolean;
}

/** A reply or an internal note; the same clientKey sent again after a lost answer stores nothing twice. */
export function useSendChatMessage() {
  return useMutation({
    mutationFn: ({ id, ...body }: SendRequest) =>
      apiRequest<ChatMessage>(chatPath(id, "/messages"), { body }),
  });
}

export function useMarkChatRead() {
  return useMutation({
    mutationFn: ({ id, seq }: { id: string; seq: string }) =>
      apiRequest<{ ok: true }>(chatPath(id, "/read"), { body: { seq } }),
    // The unread badge is the list's: no chats.changed tells of a read marker.
    onSuccess: refreshLists,
  });
}

/** Takes the conversation (an operator's id) or gives it back to the unassigned queue (null). */
export function useAssignConversation() {
  return useMutation({
    mutationFn: ({ id, operatorId }: { id: string; operatorId: string | null }) =>
      apiRequest<{ ok: true }>(chatPath(id, "/assign"), { body: { operatorId } }),
    onSettled: refreshLists,
  });
}

export function useSetConversationState() {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "resolve" | "reopen" }) =>
      apiRequest<{ ok: true }>(chatPath(id, `/${action}`), { method: "POST" }),
    onSettled: refreshLists,
  });
}

/** The canned replies written for one locale. */
export function useCannedReplies(locale: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.canned(locale),
    queryFn: ({ signal }) =>
      apiRequest<CannedReplyList>(`/operator/canned-replies${queryString({ locale })}`, { signal }),
    enabled,
  });
}

const refreshCanned = (locale: string) =>
  queryClient.invalidateQueries({ queryKey: chatKeys.canned(locale) });

export function useCreateCannedReply() {
  return useMutation({
    mutationFn: (body: CannedReplyInput) => apiRequest<CannedReply>("/operator/canned-replies", { body }),
    onSettled: (_answer, _error, body) => refreshCanned(body.locale),
  });
}

export function useDeleteCannedReply() {
  return useMutation({
    mutationFn: ({ id }: { id: string; locale: string }) =>
      apiRequest<{ ok: true }>(`/operator/canned-replies/${encodeURIComponent(id)}/delete`, {
        method: "POST",
      }),
    onSettled: (_answer, _error, { locale }) => refreshCanned(locale),
  });
}
