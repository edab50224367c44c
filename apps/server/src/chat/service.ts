import type { ServiceHours } from "@tickfair/contract";
import type { BlobStore } from "../platform/blob-store";
import type { EventPublisher } from "../platform/events";
import type { ConversationRef } from "./channel";
import type { StoredChatMessage } from "./conversations";
import type { ChatReadRef } from "./live";
import type { UserMessageDesk } from "./user-messages";

/** What the chat routes need beyond the route context. */
export interface ChatDeps {
  /** Where the photos users send are kept (the private blob store of ID photos). */
  blobs: BlobStore;
  serviceHours(at: Date): ServiceHours;
  /** Stores users' messages (in batches under load). */
  userMessages: Pick<UserMessageDesk, "send">;
  /** After a message committed: followers catch up, consoles' lists refresh, the user's badge too. */
  announceMessage(stored: StoredChatMessage, from: "user" | "support" | "note"): void;
  announceRead(ref: ChatReadRef): void;
  /** Assigned, resolved, reopened or rated: the consoles' lists (and the user's page) refresh. */
  announceChange(ref: ConversationRef): void;
  /** The operator wrote in a conversation: they are online, and users' pages hear it if nobody was. */
  supportActive(operatorId: bigint): Promise<void>;
}

/** How long list changes are gathered: consoles refresh their lists once a second at most. */
const GATHER_LIST_CHANGES_MS = 1_000;
/** More changed conversations than this travel as "many" (an empty list), within NOTIFY's payload. */
const MAX_LISTED_CHANGES = 200;

/**
 * Gathers the conversations whose place in the consoles' lists changed and tells the consoles once per
 * moment: at 2,000 messages a second, one signal per message to every console would be millions.
 */
class ListChanges {
  readonly #pending = new Set<bigint>();
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly events: EventPublisher) {}

  add(conversationId: bigint): void {
    this.#pending.add(conversationId);
    if (this.#timer) return;
    this.#timer = setTimeout(() => this.#flush(), GATHER_LIST_CHANGES_MS);
    this.#timer.unref();
  }

  #flush(): void {
    this.#timer = null;
    const ids = [...this.#pending];
    this.#pending.clear();
    void this.events.publish("chats.changed", [ids.length > MAX_LISTED_CHANGES ? [] : ids]);
  }
}

/** The announcements, as domain events (relayed to the other server processes). */
export function chatAnnouncements(
  events: EventPublisher,
): Omit<ChatDeps, "blobs" | "serviceHours" | "userMessages" | "supportActive"> {
  const lists = new ListChanges(events);
  return {
    announceMessage: (stored, from) => {
      const ref = { conversationId: stored.conversationId, userId: stored.userId };
      void events.publish("chat.moved", [ref]);
      lists.add(stored.conversationId);
      if (from === "support") void events.publish("chat.changed", [ref]);
    },
    announceRead: (ref) => void events.publish("chat.read", [ref]),
    announceChange: (ref) => {
      lists.add(ref.conversationId);
      void events.publish("chat.changed", [ref]);
    },
  };
}
