import { unreadBadgeText, useUnreadCount } from "../../api/unread-count";

/**
 * The unread count on home's system messages tile. Drawn here rather than with antd-mobile's Badge,
 * whose code would weigh a kilobyte; home loads it lazily, only for a signed-in user.
 */
export default function MessagesBadge() {
  const unread = unreadBadgeText(useUnreadCount().data?.unread);
  return unread ? (
    <span className="home-entry__badge num" data-testid="home-messages-badge">
      {unread}
    </span>
  ) : null;
}
