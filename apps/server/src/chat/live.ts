import type { ServerMessage } from "@tickfair/contract";
import type { OperatorEventRenderer, UserEventRenderer } from "../platform/realtime";
import type { EventDelivery } from "../platform/realtime-plugs";
import { ANSWERS_CHATS, type ConversationChannel, type ConversationRef } from "./channel";

export type ChatSide = "user" | "support";

/** A read marker moved: `side` read up to `seq`. */
export interface ChatReadRef extends ConversationRef {
  side: ChatSide;
  seq: bigint;
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A conversation has new messages (once committed): its followers catch up. */
    "chat.moved": ConversationRef;
    /**
     * Conversations changed for the console's lists (a message, an assignment, resolved or reopened),
     * gathered for a moment; an empty list stands for many.
     */
    "chats.changed": readonly bigint[];
    /** Support wrote to the user, or the conversation was resolved: their badge and page refresh. */
    "chat.changed": ConversationRef;
    "chat.read": ChatReadRef;
    "chat.typing": ConversationRef & { side: ChatSide };
    /** An operator came to the desk while nobody of support was online: the operator's id. */
    "chat.presence": bigint;
  }
}

const encodeRef = (ref: ConversationRef) => `${ref.conversationId}:${ref.userId}`;
function decodeRef(wire: string): ConversationRef {
  const [conversationId = "", userId = ""] = wire.split(":");
  if (!/^\d+$/.test(conversationId) || !/^\d+$/.test(userId)) throw new Error(`chat: ${wire}`);
  return { conversationId: BigInt(conversationId), userId: BigInt(userId) };
}
const sideOf = (text: string | undefined): ChatSide => {
  if (text !== "user" && text !== "support") throw new Error(`chat side: ${text}`);
  return text;
};
const other = (side: ChatSide): ChatSide => (side === "user" ? "support" : "user");

export function chatMoves(channel: ConversationChannel): EventDelivery<ConversationRef> {
  return {
    encode: encodeRef,
    decode: decodeRef,
    deliver: (refs) => channel.moved(refs.map((ref) => ref.conversationId)),
  };
}

type SideRef = ConversationRef & { side: ChatSide };

/** A side's signal on the wire: the conversation, the side, then what the signal adds. */
const encodeSide = (ref: SideRef, ...more: string[]) => [encodeRef(ref), ref.side, ...more].join(":");
function decodeSide(wire: string): { ref: SideRef; more: string[] } {
  const [conversationId = "", userId = "", side, ...more] = wire.split(":");
  return { ref: { ...decodeRef(`${conversationId}:${userId}`), side: sideOf(side) }, more };
}

/** What one side does in a conversation (reads, types) is told to the other side's open pages only. */
function toOtherSide<R extends SideRef>(
  channel: ConversationChannel,
  codec: Pick<EventDelivery<R>, "encode" | "decode">,
  message: (ref: R) => ServerMessage,
): EventDelivery<R> {
  return {
    ...codec,
    deliver: async (refs) => {
      for (const ref of refs) channel.tell(ref.conversationId, other(ref.side), message(ref));
    },
  };
}

export function chatReads(channel: ConversationChannel): EventDelivery<ChatReadRef> {
  const codec = {
    encode: (ref: ChatReadRef) => encodeSide(ref, String(ref.seq)),
    decode: (wire: string) => {
      const { ref, more } = decodeSide(wire);
      return { ...ref, seq: BigInt(more[0] ?? "") };
    },
  };
  return toOtherSide(channel, codec, (ref) => ({
    type: "chat.read",
    conversationId: String(ref.conversationId),
    side: ref.side,
    seq: String(ref.seq),
  }));
}

export function chatTyping(channel: ConversationChannel): EventDelivery<SideRef> {
  const codec = { encode: (ref: SideRef) => encodeSide(ref), decode: (wire: string) => decodeSide(wire).ref };
  return toOtherSide(channel, codec, (ref) => ({
    type: "chat.typing",
    conversationId: String(ref.conversationId),
    side: ref.side,
  }));
}

/** Every process reads support's presence again and tells its users' pages if it changed. */
export function chatPresence(channel: ConversationChannel): EventDelivery<bigint> {
  return {
    encode: (operatorId) => String(operatorId),
    decode: (wire) => BigInt(wire),
    deliver: () => channel.checkPresence(),
  };
}

/** "chats.changed" as the consoles of the operators who answer chats hear it. */
export const conversationChanges: OperatorEventRenderer<readonly bigint[]> = {
  encode: (ids) => ids.join(","),
  decode: (wire) => (wire === "" ? [] : wire.split(",").map((id) => BigInt(id))),
  permissionOf: () => ANSWERS_CHATS,
  render: (ids) => ({ type: "chats.changed", conversationIds: ids.map(String) }),
};

/** "chat.changed" as the user's open apps hear it, whether or not they follow the conversation. */
export const userConversationChanges: UserEventRenderer<ConversationRef> = {
  encode: encodeRef,
  decode: decodeRef,
  userOf: (ref) => ref.userId,
  render: async (refs) =>
    refs.map((ref) => ({
      userId: ref.userId,
      message: { type: "chat.changed", conversationId: String(ref.conversationId) } as const,
    })),
};
