import type { BlobStore } from "../platform/blob-store";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { PeriodicJob } from "../platform/periodic-job";
import { ConversationChannel } from "./channel";
import {
  chatMoves,
  chatPresence,
  chatReads,
  chatTyping,
  conversationChanges,
  userConversationChanges,
} from "./live";
import { chatOperatorRoutes } from "./operator-routes";
import { PRESENCE_REFRESH_MS } from "./presence";
import { chatRoutes } from "./routes";
import { type ChatDeps, chatAnnouncements } from "./service";
import { parseServiceWindow, serviceHoursAt } from "./service-hours";
import { UserMessageDesk } from "./user-messages";

/**
 * Live chat with customer service: conversations on their own private socket channel, typing and
 * presence, service hours, and the desk that stores users' messages in batches.
 */
export function chatModule(
  wiring: Wiring,
  deps: { blobs: BlobStore },
): CapabilityModule & { presence: PeriodicJob } {
  const { db, clock, config, realtime } = wiring;
  const conversations = new ConversationChannel({
    db,
    clock,
    log: wiring.log,
    typing: (ref) => void realtime.publish("chat.typing", [ref]),
    presenceMoved: (operatorId) => void realtime.publish("chat.presence", [operatorId]),
  });
  realtime.addPrivateChannel(conversations);
  realtime.addEvent("chat.moved", chatMoves(conversations));
  realtime.addEvent("chat.read", chatReads(conversations));
  realtime.addEvent("chat.typing", chatTyping(conversations));
  realtime.addEvent("chat.presence", chatPresence(conversations));
  realtime.addOperatorEvent("chats.changed", conversationChanges);
  realtime.addUserEvent("chat.changed", userConversationChanges);
  const serviceWindow = parseServiceWindow(config.SUPPORT_HOURS);
  const chat: ChatDeps = {
    blobs: deps.blobs,
    serviceHours: (at) => serviceHoursAt(serviceWindow, config.PLATFORM_TZ, at),
    userMessages: new UserMessageDesk(db, clock, config.CHAT_MESSAGES_PER_MINUTE),
    ...chatAnnouncements(realtime),
    supportActive: (operatorId) => conversations.deskActive(operatorId),
  };
  const presence = new PeriodicJob({
    name: "chat presence",
    runOnce: () => conversations.refreshPresence(),
    intervalMs: PRESENCE_REFRESH_MS,
    log: wiring.log,
  });
  return {
    name: "chat",
    presence,
    userRoutes: [chatRoutes(wiring, chat)],
    operatorRoutes: [chatOperatorRoutes(wiring, chat)],
    jobs: [{ job: presence, enabled: true }],
  };
}
