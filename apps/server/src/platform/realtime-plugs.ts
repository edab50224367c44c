import type { ClientMessage, OperatorPermission, ServerMessage } from "@tickfair/contract";
import type { DomainEventName } from "./events";

// What capabilities plug into the realtime transport (realtime.ts), and what it hands them.

/** The session a socket authenticated with. */
export interface SocketSession {
  userId: bigint;
  /** The hash of its token: how the session is named when it ends. */
  tokenHash: string;
  expiresAt: Date;
}

/** Plugged in by auth: how sockets sign in, and which of their sessions still live. */
export interface SocketAuth {
  /** The session behind a token, its expiry slid as a request's would be; rejects when none lives. */
  authenticate(token: string): Promise<SocketSession>;
  /** Of these sessions, the ones still live, each with when it ends. */
  liveSessions(tokenHashes: readonly string[]): Promise<Map<string, Date>>;
}

/** One socket as a public channel sees it. */
export interface ChannelSocket {
  send(message: ServerMessage): void;
  /** From now on the socket follows `topic` of `channel`, and no other topic of that channel. */
  follow(channel: string, topic: string): void;
  unfollow(channel: string): void;
}

/** Every socket as a public channel sees them. */
export interface Followers {
  /** Whether any socket follows `topic` of `channel`: what nobody follows need not be read. */
  has(channel: string, topic: string): boolean;
  /** One message, encoded once, to every socket that follows `topic` of `channel`. */
  send(channel: string, topic: string, message: ServerMessage): void;
}

/** Plugged in by a capability that offers public data on the socket (no sign-in needed). */
export interface PublicChannel {
  /** The client messages it answers, by type. */
  readonly answers: readonly ClientMessage["type"][];
  answer(message: ClientMessage, socket: ChannelSocket): Promise<void>;
  /** Starts publishing to its followers; returns what stops it (before the database closes). */
  start(followers: Followers): () => void;
}

/** A message for one user's sockets. */
export interface UserMessage {
  userId: bigint;
  message: ServerMessage;
}

/** Domain events rendered for users or operators; the transport itself ends sessions. */
export type UserEventName = Exclude<DomainEventName, "sessions.ended">;
export type OperatorEventName = UserEventName;

/** Plugged in by the capability that renders a domain event for the users it concerns. */
export interface UserEventRenderer<R> {
  /** A reference as other processes receive it (a short text), and back. */
  encode(ref: R): string;
  decode(wire: string): R;
  /** The user a reference concerns. */
  userOf(ref: R): bigint;
  /** The messages for these references, each with its user; only users with a socket here are asked for. */
  render(refs: readonly R[]): Promise<readonly UserMessage[]>;
}

/** The operator session a socket authenticated with (operators' sessions are apart from users'). */
export interface OperatorSocketSession {
  operatorId: bigint;
  tokenHash: string;
  /** The sooner of the session's end and its idle limit. */
  expiresAt: Date;
}

/** An operator session as it stands now: until when it lives, and what its operator's role may do. */
export interface OperatorLiveSession {
  expiresAt: Date;
  permissions: ReadonlySet<OperatorPermission>;
}

/** Plugged in by operators: how consoles' sockets sign in, and which of their sessions still live. */
export interface OperatorSocketAuth {
  /**
   * The live session behind an operator's token; rejects when none lives. Reading it is not the
   * operator's activity: a console left open does not outlive its idle limit by reconnecting.
   */
  authenticate(token: string): Promise<OperatorSocketSession>;
  /** Of these sessions, the ones still live (not ended, not idle, operator not disabled). */
  liveSessions(tokenHashes: readonly string[]): Promise<Map<string, OperatorLiveSession>>;
}

/** Plugged in by the capability that raises a domain event operators hear of. */
export interface OperatorEventRenderer<R> {
  /** A reference as other processes receive it (a short text), and back. */
  encode(ref: R): string;
  decode(wire: string): R;
  /** The permission an operator's role needs to hear of this reference. */
  permissionOf(ref: R): OperatorPermission;
  /** What operators hear: built from the reference alone, so it carries nothing more than it. */
  render(ref: R): ServerMessage;
}

/**
 * The renderer of an event whose references are the users it concerns: each user with a socket here
 * is told `messageFor(userId)` once, however many times the event named them.
 */
export function perUserMessage(
  messageFor: (userId: bigint) => Promise<ServerMessage>,
): UserEventRenderer<bigint> {
  return {
    encode: (userId) => userId.toString(),
    decode: (wire) => BigInt(wire),
    userOf: (userId) => userId,
    async render(userIds) {
      const messages: UserMessage[] = [];
      for (const userId of new Set(userIds)) messages.push({ userId, message: await messageFor(userId) });
      return messages;
    },
  };
}

/** Who a socket is signed in as, read when a private channel asks. */
export type SocketIdentity =
  | { realm: "user"; userId: bigint; sessionTokenHash: string }
  | {
      realm: "operator";
      operatorId: bigint;
      sessionTokenHash: string;
      permissions: ReadonlySet<OperatorPermission>;
    };

/** One signed-in socket as a private channel sees it: the same object for as long as the socket lives. */
export interface PrivatePeer {
  /**
   * Who it is now: an operator's session and role are read again first (a role narrowed a moment ago
   * counts); null when the socket is not signed in or its session ended.
   */
  identity(): Promise<SocketIdentity | null>;
  /** As last read, without asking the database: what a delivery checks per message. */
  knownIdentity(): SocketIdentity | null;
  send(message: ServerMessage): void;
}

/**
 * Plugged in by a capability that keeps per-socket state for signed-in sockets (a conversation it
 * follows and how far it has seen): it answers its client messages and is told when a socket closes.
 */
export interface PrivateChannel {
  readonly answers: readonly ClientMessage["type"][];
  answer(message: ClientMessage, peer: PrivatePeer): Promise<void>;
  forget(peer: PrivatePeer): void;
}

/** Plugged in with an event whose delivery the capability does itself (to the peers it follows). */
export interface EventDelivery<R> {
  encode(ref: R): string;
  decode(wire: string): R;
  deliver(refs: readonly R[]): Promise<void>;
}
