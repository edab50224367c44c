import { useChatSummary } from "../../api/chat-summary";
import { unreadBadgeText } from "../../api/unread-count";

/** Support's unread answers on home's online service tile, drawn and loaded like MessagesBadge. */
export default function ServiceBadge() {
  const unread = unreadBadgeText(useChatSummary().data?.unread);
  return unread ? (
    <span className="home-entry__badge num" data-testid="home-service-badge">
      {unread}
    </span>
  ) : null;
}
