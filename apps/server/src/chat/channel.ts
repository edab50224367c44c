import type { ClientMessage, ServerMessage } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { PrivateChannel, PrivatePeer, SocketIdentity } from "../platform/realtime";
import { userConversation } from "./conversations";
import { messagesAfterEach, renderChatMessages } from "./history";
import { markPresent, supportOnline } from "./presence";

/** The permission an operator's role needs to follow and answer conversations. */
export const ANSWERS_CHATS = "chats.answer";

/** Messages read per round: followers far behind are brought up in several rounds. */
const CATCH_UP_ROWS = 5_000;
/** Conversations caught up per round. */
const CATCH_UP_CONVERSATIONS = 1_000;

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
 * in another process). Catch-ups run one round at a time, so nothing is sent twice or out of order; a
 * missed announcement only delays a message to the next one, or to the reconnect.
 */
export class ConversationChannel implements PrivateChannel {
  readonly answers = ["chat.follow", "chat.typing", "chat.desk"] as const;
  readonly #followers = new Map<bigint, Set<Follower>>();
  readonly #byPeer = new Map<PrivatePeer, Follower & { conversationId: bigint }>();
  /** Consoles with the chat desk open on this process's sockets, each with its operator. */
  readonly #desks = new Map<PrivatePeer, bigint>();
  /** Consoles whose desk opening is still checking who they are. */
  readonly #opening = new Set<PrivatePeer>();
  /** What this process last told its users' pages of support's presence. */
  #toldOnline: boolean | null = null;
  readonly #dirty = new Set<bigint>();
  #loop: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: { error(object: unknown, message: string): void };
      /** Tells the other side of a conversation (in every process) that this side is typing. */
      typing(ref: ConversationRef & { side: "user" | "support" }): void;
      /** Support came online: every process checks presence again and tells its users' pages. */
      presenceMoved(operatorId: bigint): void;
    },
  ) {}

  async answer(message: ClientMessage, peer: PrivatePeer): Promise<void> {
    if (message.type === "chat.desk") return this.#desk(message.open, peer);
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
    this.#unfollow(peer);
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
    if (target.side === "user")
      peer.send({ type: "chat.presence", online: await supportOnline(this.deps.db, this.deps.clock.now()) });
    await this.moved([target.conversationId]);
  }

  forget(peer: PrivatePeer): void {
    this.#opening.delete(peer);
    this.#desks.delete(peer);
    this.#unfollow(peer);
  }

  /**
   * An operator is at the desk (opened it, or wrote to a user): their presence is stored, and when
   * nobody was online before, every process's users hear at once that someone is.
   */
  async deskActive(operatorId: bigint): Promise<void> {
    const now = this.deps.clock.now();
    const wasOnline = await supportOnline(this.deps.db, now);
    await markPresent(this.deps.db, [operatorId], now);
    if (!wasOnline) this.deps.presenceMoved(operatorId);
  }

  /**
   * Every few seconds in every process: the desks open here are still there (their rows refreshed),
   * and a presence that lapsed (a desk closed, a process gone) reaches the users' pages.
   */
  async refreshPresence(): Promise<void> {
    const present = [...this.#desks].filter(([peer]) => mayAnswer(peer.knownIdentity()));
    await markPresent(
      this.deps.db,
      present.map(([, operatorId]) => operatorId),
      this.deps.clock.now(),
    );
    await this.checkPresence();
  }

  /** Reads support's presence; when it changed, tells the users following their conversation here. */
  async checkPresence(): Promise<void> {
    const online = await supportOnline(this.deps.db, this.deps.clock.now());
    if (online === this.#toldOnline) return;
    this.#toldOnline = online;
    for (const follower of this.#byPeer.values())
      if (follower.side === "user" && stillMay(follower))
        follower.peer.send({ type: "chat.presence", online });
  }

  async #desk(open: boolean, peer: PrivatePeer): Promise<void> {
    if (!open) {
      // At once, before any wait: a refresh just after the close must not keep the desk alive, and
      // an open still checking its identity must not win over it. The stored row lapses on its own
      // (the operator may have the desk open in another window).
      this.#opening.delete(peer);
      this.#desks.delete(peer);
      return;
    }
    this.#opening.add(peer);
    const identity = await peer.identity();
    const stillOpening = this.#opening.delete(peer);
    if (identity?.realm !== "operator" || !mayAnswer(identity)) {
      peer.send({ type: "error", code: "NOT_FOUND" });
      return;
    }
    if (!stillOpening) return;
    this.#desks.set(peer, identity.operatorId);
    await this.deskActive(identity.operatorId);
  }

  #unfollow(peer: PrivatePeer): void {
    const follower = this.#byPeer.get(peer);
    if (!follower) return;
    this.#byPeer.delete(peer);
    const followers = this.#followers.get(follower.conversationId);
    followers?.delete(follower);
    if (followers?.size === 0) this.#followers.delete(follower.conversationId);
  }

  /** These conversations have new messages: bring their followers here up to date. */
  moved(conversationIds: readonly bigint[]): Promise<void> {
    for (const id of conversationIds) if (this.#followers.has(id)) this.#dirty.add(id);
    return this.#kick();
  }

  /** Tells the followers of a conversation on `to`'s side (typing, read markers). */
  tell(conversationId: bigint, to: "user" | "support", message: ServerMessage): void {
    for (const follower of this.#followers.get(conversationId) ?? [])
      if (follower.side === to && stillMay(follower)) follower.peer.send(message);
  }

  /**
   * One catch-up loop per process: it takes every conversation that moved since its last round and
   * reads their new messages in one query. One loop keeps each conversation's sends in order and never
   * twice; one query per round, not per message, keeps up with thousands of messages a second.
   */
  #kick(): Promise<void> {
    this.#loop ??= this.#drain()
      .catch((error: unknown) => this.deps.log.error({ err: error }, "chat: catching up failed"))
      .finally(() => {
        this.#loop = null;
        if (this.#dirty.size > 0) void this.#kick();
      });
    return this.#loop;
  }

  async #drain(): Promise<void> {
    while (this.#dirty.size > 0) {
      const round = [...this.#dirty].slice(0, CATCH_UP_CONVERSATIONS);
      for (const id of round) this.#dirty.delete(id);
      const positions = round.flatMap((conversationId) => {
        const followers = [...(this.#followers.get(conversationId) ?? [])];
        if (followers.length === 0) return [];
        const after = followers.reduce(
          (least, f) => (f.seen < least ? f.seen : least),
          followers[0]?.seen ?? 0n,
        );
        return [{ conversationId, after }];
      });
      if (positions.length === 0) continue;
      const rows = await messagesAfterEach(this.deps.db, positions, CATCH_UP_ROWS);
      const byConversation = new Map<bigint, typeof rows>();
      for (const row of rows) {
        const list = byConversation.get(row.conversation_id) ?? [];
        list.push(row);
        byConversation.set(row.conversation_id, list);
      }
      for (const [conversationId, conversationRows] of byConversation)
        await this.#send(conversationId, conversationRows);
      // Cut short: what is left is read next round.
      if (rows.length >= CATCH_UP_ROWS)
        for (const { conversationId } of positions) this.#dirty.add(conversationId);
    }
  }

  async #send(conversationId: bigint, rows: Awaited<ReturnType<typeof messagesAfterEach>>): Promise<void> {
    for (const follower of this.#followers.get(conversationId) ?? []) {
      const identity = follower.peer.knownIdentity();
      if (!identity || !stillMay(follower)) continue;
      const unseen = rows.filter((row) => row.seq > follower.seen);
      const last = unseen[unseen.length - 1];
      if (!last) continue;
      const visible = follower.side === "user" ? unseen.filter((row) => row.author !== "note") : unseen;
      if (visible.length > 0) {
        const holder = { realm: identity.realm, sessionTokenHash: identity.sessionTokenHash };
        const rendered = await renderChatMessages(
          this.deps.db,
          visible,
          follower.side,
          holder,
          this.deps.clock.now(),
        );
        for (const message of rendered)
          follower.peer.send({ type: "chat.message", conversationId: String(conversationId), message });
      }
      // Seen only once sent: a render that fails (the database gone for a moment) leaves these messages
      // for the next round instead of a gap the socket would never fill.
      follower.seen = last.seq;
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

function mayAnswer(identity: SocketIdentity | null): boolean {
  return identity?.realm === "operator" && identity.permissions.has(ANSWERS_CHATS);
}

/** A follower whose session ended, or whose role no longer answers chats, is told nothing more. */
function stillMay(follower: Follower): boolean {
  const identity = follower.peer.knownIdentity();
  if (!identity) return false;
  return follower.side === "user"
    ? identity.realm === "user"
    : identity.realm === "operator" && identity.permissions.has(ANSWERS_CHATS);
}
