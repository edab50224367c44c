import type { ClientMessage, ServerMessage } from "@tickfair/contract";
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

/** Domain events rendered for users; the transport itself ends sessions. */
export type UserEventName = Exclude<DomainEventName, "sessions.ended">;

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
