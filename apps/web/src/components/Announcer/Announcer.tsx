import { useEffect, useSyncExternalStore } from "react";
import { announce, currentAnnouncement, subscribeAnnouncements } from "./announcer";

/**
 * The page's one polite live region: what `announce` is given, read out once by a screen reader and
 * otherwise unseen. Nothing that changes by itself (a ticking price) goes in here, only what the user
 * asked for or needs to hear (a countdown's set points, a result).
 */
export function Announcer() {
  const { text, count } = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement);
  // A page opened again starts silent, not with what was said on its last visit.
  useEffect(() => () => announce(""), []);
  return (
    <div
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="announcer"
    >
      {/* A new node per announcement: the same words asked for twice are inserted, so read, twice. */}
      <span key={count}>{text}</span>
    </div>
  );
}
