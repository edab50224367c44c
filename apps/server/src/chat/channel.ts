import type { ClientMessage, ServerMessage } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { PrivateChannel, PrivatePeer, SocketIdentity } from "../platform/realtime";
import { userConversation } from "./conversations";
import { messagesAfter, toChatMessage } from "./history";

/** The permission an operator's role needs to follow and answer conversations. */
export const ANSWERS_CHATS = "chats.answer";

/** Messages read per catch-up: a follower far behind is brought up in several rounds. */
const CATCH_UP_ROWS = 200;

interface Follower {
  peer: PrivatePeer;
  side: "user" | "support";
  /** The last seq this socket has been sent. */
  seen: bigint;
}

/** What other processes learn of a conversation's activity: its id and its user. */
export interface ConversationRef {
  conversationId: bigint;
  userId: bigint;
}

/**
 * Conversations followed by sockets of this process (ARCHITECTURE §5 "Customer service"). Each socket
 * says the last seq it has; from then on the channel sends it every later message once, in order, by
 * catching up from the database whenever it hears the conversation moved (here or, through the relay,
 * in another process). Catch-ups of one conversation run one after another, so nothing is sent twice
 * or out of order; a missed announcement only delays a message to the next one, or to the reconnect.
 */
export class ConversationChannel implements PrivateChannel {
  readonly answers = ["chat.follow", "chat.typing"] as const;
  readonly #followers = new Map<bigint, Set<Follower>>();
  readonly #byPeer = new Map<PrivatePeer, Follower & { conversationId: bigint }>();
  readonly #running = new Map<bigint, Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: { error(object: unknown, message: string): void };
      /** Tells the other side of a conversation (in every process) that this side is typing. */
      typing(ref: ConversationRef & { side: "user" | "support" }): void;
    },
  ) {}

  async answer(message: ClientMessage, peer: PrivatePeer): Promise<void> {
    if (message.type !== "chat.follow" && message.type !== "chat.typing") return;
    const identity = await peer.identity();
    const target = identity && (await this.#conversationFor(identity, message.conversationId));
    if (!target) {
      peer.send({ type: "error", code: "NOT_FOUND" });
      return;
    }
    if (message.type === "chat.typing") {
      this.deps.typing({ ...target, side: target.side });
      return;
    }
    this.forget(peer);
    const follower = {
      peer,
      side: target.side,
      seen: BigInt(message.after),
      conversationId: target.conversationId,
    };
    this.#byPeer.set(peer, follower);
    const followers = this.#followers.get(target.conversationId) ?? new Set<Follower>();
    this.#followers.set(target.conversationId, followers);
    followers.add(follower);
    await this.moved([target.conversationId]);
  }

  forget(peer: PrivatePeer): void {
    const follower = this.#byPeer.get(peer);
    if (!follower) return;
    this.#byPeer.delete(peer);
    const followers = this.#followers.get(follower.conversationId);
    followers?.delete(follower);
    if (followers?.size === 0) this.#followers.delete(follower.conversationId);
  }

  /** These conversations have new messages: bring their followers here up to date. */
  async moved(conversationIds: readonly bigint[]): Promise<void> {
    await Promise.all([...new Set(conversationIds)].map((id) => this.#queue(id)));
  }

  /** Tells the followers of a conversation on `to`'s side (typing, read markers). */
  tell(conversationId: bigint, to: "user" | "support", message: ServerMessage): void {
    for (const follower of this.#followers.get(conversationId) ?? [])
      if (follower.side === to && stillMay(follower)) follower.peer.send(message);
  }

  #queue(conversationId: bigint): Promise<void> {
    if (!this.#followers.has(conversationId)) return Promise.resolve();
    // Chained: a catch-up asked for while one runs starts after it, and sees what it committed since.
    const previous = this.#running.get(conversationId) ?? Promise.resolve();
    const next = previous
      .then(() => this.#catchUp(conversationId))
      .catch((error: unknown) => this.deps.log.error({ err: error }, "chat: catching up failed"))
      .finally(() => {
        if (this.#running.get(conversationId) === next) this.#running.delete(conversationId);
      });
    this.#running.set(conversationId, next);
    return next;
  }

  async #catchUp(conversationId: bigint): Promise<void> {
    for (;;) {
      const followers = [...(this.#followers.get(conversationId) ?? [])];
      if (followers.length === 0) return;
      const from = followers.reduce(
        (least, f) => (f.seen < least ? f.seen : least),
        followers[0]?.seen ?? 0n,
      );
      const rows = await messagesAfter(this.deps.db, conversationId, from, CATCH_UP_ROWS);
      for (const follower of followers) {
        if (!stillMay(follower)) continue;
        for (const row of rows) {
          if (row.seq <= follower.seen) continue;
          follower.seen = row.seq;
          if (follower.side === "user" && row.author === "note") continue;
          follower.peer.send({
            type: "chat.message",
            conversationId: String(conversationId),
            message: toChatMessage(row, follower.side),
          });
        }
      }
      if (rows.length < CATCH_UP_ROWS) return;
    }
  }

  async #conversationFor(
    identity: SocketIdentity,
    requested: string | undefined,
  ): Promise<(ConversationRef & { side: "user" | "support" }) | null> {
    if (identity.realm === "user") {
      const conversation = await userConversation(this.deps.db, identity.userId, this.deps.clock.now());
      return { conversationId: conversation.id, userId: identity.userId, side: "user" };
    }
    if (!identity.permissions.has(ANSWERS_CHATS) || requested === undefined) return null;
    const row = await this.deps.db
      .selectFrom("conversations")
      .select(["id", "user_id"])
      .where("id", "=", BigInt(requested))
      .executeTakeFirst();
    return row ? { conversationId: row.id, userId: row.user_id, side: "support" } : null;
  }
}

/** A follower whose session ended, or whose role no longer answers chats, is told nothing more. */
function stillMay(follower: Follower): boolean {
  const identity = follower.peer.knownIdentity();
  if (!identity) return false;
  return follower.side === "user"
    ? identity.realm === "user"
    : identity.realm === "operator" && identity.permissions.has(ANSWERS_CHATS);
}
