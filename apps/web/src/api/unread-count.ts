import { useQuery } from "@tanstack/react-query";
import type { UnreadCount } from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";

/**
 * The system messages' badge. A module of its own, apart from inbox.ts: home shows the badge on the
 * first load, which must not bring the message page's queries and mutations with it.
 */
export const inboxKeys = {
  /** Everything below ["inbox"] changes when a message arrives or is read. */
  all: ["inbox"] as const,
  unread: ["inbox", "unread"] as const,
  pages: ["inbox", "pages"] as const,
};

/** The server counts up to 100; the badge shows anything beyond 99 as "99+". */
const BADGE_MAX = 99;

/** The badge's text for `unread` messages; null when there is nothing to show. */
export function unreadBadgeText(unread: number | undefined): string | null {
  if (!unread || unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** How many of the signed-in user's messages are unread; nothing is asked for a visitor. */
export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) => apiRequest<UnreadCount>("/v1/messages/unread", { auth: true, signal }),
    enabled: token !== null,
  });
}
