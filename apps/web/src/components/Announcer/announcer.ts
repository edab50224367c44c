/** What the page last asked a screen reader to say; `count` tells a repeat of the same words apart. */
export interface Announcement {
  text: string;
  count: number;
}

let current: Announcement = { text: "", count: 0 };
const listeners = new Set<() => void>();

/**
 * Asks the page's announcer (a polite live region) to say `text`. Saying the same words again says
 * them again: a user who asks for the price twice hears it twice.
 */
export function announce(text: string): void {
  current = { text, count: current.count + 1 };
  for (const listener of listeners) listener();
}

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncement(): Announcement {
  return current;
}
