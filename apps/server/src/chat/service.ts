import type { ServiceHours } from "@tickfair/contract";
import type { EventPublisher } from "../platform/events";
import type { ConversationRef } from "./channel";
import type { StoredChatMessage } from "./conversations";
import type { ChatReadRef } from "./live";

/** What the chat routes need beyond the route context. */
export interface ChatDeps {
  serviceHours(at: Date): ServiceHours;
  messagesPerMinute: number;
  /** After a message committed: followers catch up, consoles' lists refresh, the user's badge too. */
  announceMessage(stored: StoredChatMessage, from: "user" | "support" | "note"): void;
  announceRead(ref: ChatReadRef): void;
  /** Assigned, resolved, reopened or rated: the consoles' lists (and the user's page) refresh. */
  announceChange(ref: ConversationRef): void;
}

/** The announcements, as domain events (relayed to the other server processes). */
export function chatAnnouncements(
  events: EventPublisher,
): Omit<ChatDeps, "serviceHours" | "messagesPerMinute"> {
  return {
    announceMessage: (stored, from) => {
      const ref = { conversationId: stored.conversationId, userId: stored.userId };
      void events.publish("chat.moved", [ref]);
      void events.publish("chat.changed", [ref]);
      if (from === "support") void events.publish("chat.userChanged", [ref]);
    },
    announceRead: (ref) => void events.publish("chat.read", [ref]),
    announceChange: (ref) => {
      void events.publish("chat.changed", [ref]);
      void events.publish("chat.userChanged", [ref]);
    },
  };
}
