import { useQuery } from "@tanstack/react-query";
import type { UserConversation } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";

/**
 * The user's conversation with support as home's badge and the chat page see it. A module of its own,
 * apart from chat.ts: home shows the badge on the first load, which must not bring the chat page's
 * code with it.
 */
export const chatKeys = {
  /** Everything below ["chat"] changes when support writes, reads or resolves. */
  all: ["chat"] as const,
  summary: ["chat", "summary"] as const,
};

/** The signed-in user's conversation: unread count, read marker, state, service hours. */
export function useChatSummary() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.summary,
    queryFn: ({ signal }) => apiRequest<UserConversation>("/v1/chat", { auth: true, signal }),
    enabled: token !== null,
  });
}
