import type {} from "@fastify/websocket";
import {
  type ClientMessage,
  clientMessage,
  SESSION_ENDED_CLOSE_CODE,
  type ServerMessage,
  UNAUTHENTICATED_CLOSE_CODE,
} from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { Clock } from "./clock";
import type { Db } from "./db";
import type { DomainEventName, DomainEvents, EventPublisher } from "./events";
import { type RelayLog, UserEventsRelay } from "./user-events";

const AUTH_TIMEOUT_MS = 10_000;
/**
 * How often the sessions of all authenticated sockets are read again (one query): a session that
 * expired, or ended where no announcement reached this process, loses its socket within this long.
 */
const SESSION_CHECK_EVERY_MS = 30_000;
/**
 * How long an ended session is remembered: longer than a socket's authentication can be in flight,
 * so one that read the session just before it ended is still caught.
 */
const ENDED_REMEMBERED_MS = 5 * 60_000;

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

interface Delivery<R> {
  encode(ref: R): string;
  decode(wire: string): R;
  deliver(refs: readonly R[]): Promise<void>;
}

type Deliveries = { [N in DomainEventName]?: Delivery<DomainEvents[N]> };

interface Client {
  socket: WebSocket;
  userId: bigint | null;
  /** The session that authenticated the socket (its token's hash), null before or after. */
  tokenHash: string | null;
  /** When that session ends unless used meanwhile (epoch ms on the hub's clock). */
  expiresAt: number;
  /** The topic it follows, by public channel. */
  follows: Map<string, string>;
  asChannelSocket: ChannelSocket;
}

/**
 * The one WebSocket (`/api/ws`) and the delivery of domain events to it. Public channels (plugged in
 * by their capabilities) answer anyone; a client that authenticates (through the plugged-in
 * SocketAuth) also receives its own user's events, as their capabilities render them. Sockets live
 * as long as their session. Events published here are relayed to the other server processes.
 */
export class RealtimeHub implements EventPublisher {
  readonly #clients = new Set<Client>();
  readonly #byUser = new Map<bigint, Set<Client>>();
  readonly #bySession = new Map<string, Set<Client>>();
  /** Sockets by public channel, then by topic. */
  readonly #followers = new Map<string, Map<string, Set<Client>>>();
  /** Token hashes of sessions ended lately, with until when (wall clock) they are remembered. */
  readonly #ended = new Map<string, number>();
  readonly #sessionChecks = new Set<Promise<void>>();
  #sessionCheckTimer: NodeJS.Timeout | null = null;
  readonly #channels: PublicChannel[] = [];
  readonly #answering = new Map<ClientMessage["type"], PublicChannel>();
  #stopChannels: (() => void)[] = [];
  readonly #deliveries: Deliveries = {};

  readonly #relay: UserEventsRelay;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** PostgreSQL's: other processes hear this one's events through it. */
      databaseUrl?: string | undefined;
      log: RelayLog;
      auth: SocketAuth;
    },
  ) {
    this.#relay = new UserEventsRelay({
      db: deps.db,
      ...(deps.databaseUrl ? { databaseUrl: deps.databaseUrl } : {}),
      deliver: (name, refs) => this.#receive(name, refs),
      log: deps.log,
    });
    this.#deliveries["sessions.ended"] = {
      encode: (tokenHash) => tokenHash,
      decode: (wire) => wire,
      deliver: async (tokenHashes) => this.#endSessions(tokenHashes),
    };
  }

  addChannel(channel: PublicChannel): void {
    this.#channels.push(channel);
    for (const type of channel.answers) this.#answering.set(type, channel);
  }

  addUserEvent<N extends UserEventName>(name: N, renderer: UserEventRenderer<DomainEvents[N]>): void {
    // Seen through N alone, TypeScript matches the entry's type to the name's.
    const deliveries: { [P in N]?: Delivery<DomainEvents[P]> } = this.#deliveries;
    deliveries[name] = {
      encode: (ref) => renderer.encode(ref),
      decode: (wire) => renderer.decode(wire),
      deliver: (refs) => this.#tellUsers(renderer, refs),
    };
  }

  /** Starts the public channels and hearing the events other server processes relay (PostgreSQL). */
  async start(): Promise<void> {
    await this.#relay.start();
    if (this.#sessionCheckTimer) return;
    this.#sessionCheckTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_EVERY_MS);
    this.#sessionCheckTimer.unref();
    this.#stopChannels = this.#channels.map((channel) => channel.start(this.#asFollowers));
  }

  /** Stops everything that reads or writes the database, so it can close after this. */
  async detach(): Promise<void> {
    for (const stop of this.#stopChannels) stop();
    this.#stopChannels = [];
    if (this.#sessionCheckTimer) clearInterval(this.#sessionCheckTimer);
    this.#sessionCheckTimer = null;
    await Promise.all(this.#sessionChecks);
    await this.#relay.stop();
  }

  /**
   * Delivers an event to this process's sockets at once and relays it to the other processes. Call
   * after the change it announces commits. An ended session's sockets get nothing more of the user's
   * and close with SESSION_ENDED_CLOSE_CODE.
   */
  async publish<N extends DomainEventName>(name: N, refs: readonly DomainEvents[N][]): Promise<void> {
    if (refs.length === 0) return;
    const delivery = this.#delivery(name);
    this.#relay.relay(
      name,
      refs.map((ref) => delivery.encode(ref)),
    );
    await delivery.deliver(refs);
  }

  #delivery<N extends DomainEventName>(name: N): Delivery<DomainEvents[N]> {
    const delivery = this.#deliveries[name];
    if (!delivery) throw new Error(`realtime: nothing delivers ${name}`);
    return delivery;
  }

  async #receive(name: string, wire: readonly string[]): Promise<void> {
    if (!this.#delivers(name)) throw new Error(`realtime: nothing delivers ${name}`);
    const delivery = this.#delivery(name);
    await delivery.deliver(wire.map((ref) => delivery.decode(ref)));
  }

  #delivers(name: string): name is DomainEventName {
    return Object.hasOwn(this.#deliveries, name);
  }

  /**
   * Only the references of users with a socket here are rendered (at scale most have none), and only
   * after a socket past its remembered expiry had its session checked.
   */
  async #tellUsers<R>(renderer: UserEventRenderer<R>, refs: readonly R[]): Promise<void> {
    const connected = (ref: R) => this.#byUser.has(renderer.userOf(ref));
    const wanted = refs.filter(connected);
    if (wanted.length === 0) return;
    await this.#confirmSessions(new Set(wanted.map((ref) => renderer.userOf(ref))));
    const still = wanted.filter(connected);
    if (still.length === 0) return;
    for (const { userId, message } of await renderer.render(still)) this.#sendToUser(userId, message);
  }

  /**
   * Reads the sessions of every authenticated socket again, in one query: closes those whose session
   * expired or ended, and notes how far the others' expiry slid. Runs every 30 s.
   */
  async checkSessions(): Promise<void> {
    const wallNow = Date.now();
    for (const [hash, until] of this.#ended) if (until <= wallNow) this.#ended.delete(hash);
    await this.#checkSessionsOf([...this.#bySession.values()].flatMap((clients) => [...clients]));
  }

  async #checkSessionsOf(clients: readonly Client[]): Promise<void> {
    const check = this.#readSessions(clients);
    this.#sessionChecks.add(check);
    try {
      await check;
    } finally {
      this.#sessionChecks.delete(check);
    }
  }

  async #readSessions(clients: readonly Client[]): Promise<void> {
    const hashes = [...new Set(clients.flatMap((client) => (client.tokenHash ? [client.tokenHash] : [])))];
    if (hashes.length === 0) return;
    let live: Map<string, Date>;
    try {
      live = await this.deps.auth.liveSessions(hashes);
    } catch (error) {
      // Sockets already past their expiry stay without private events until a later check succeeds.
      this.deps.log.error({ err: error }, "realtime: checking the sockets' sessions failed");
      return;
    }
    for (const client of clients) {
      if (client.tokenHash === null) continue;
      const expiresAt = live.get(client.tokenHash);
      if (expiresAt === undefined) this.#closeEnded(client);
      else client.expiresAt = expiresAt.getTime();
    }
  }

  /**
   * Before the user's events go out: a socket whose remembered expiry passed is checked first (its
   * session may have slid forward through requests since); until then it gets nothing private.
   */
  async #confirmSessions(userIds: Iterable<bigint>): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const due: Client[] = [];
    for (const userId of userIds) {
      for (const client of this.#byUser.get(userId) ?? []) if (client.expiresAt <= now) due.push(client);
    }
    if (due.length > 0) await this.#checkSessionsOf(due);
  }

  #endSessions(tokenHashes: readonly string[]): void {
    const until = Date.now() + ENDED_REMEMBERED_MS;
    for (const hash of tokenHashes) {
      this.#ended.set(hash, until);
      for (const client of this.#bySession.get(hash) ?? []) this.#closeEnded(client);
    }
  }

  /** Off the user's events at once (the closing handshake takes a while), then closed. */
  #closeEnded(client: Client): void {
    this.#forgetSession(client);
    client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  }

  #forgetSession(client: Client): void {
    const { userId, tokenHash } = client;
    client.userId = null;
    client.tokenHash = null;
    if (userId !== null) {
      const set = this.#byUser.get(userId);
      set?.delete(client);
      if (set?.size === 0) this.#byUser.delete(userId);
    }
    if (tokenHash !== null) {
      const set = this.#bySession.get(tokenHash);
      set?.delete(client);
      if (set?.size === 0) this.#bySession.delete(tokenHash);
    }
  }

  #endedLately(tokenHash: string): boolean {
    return (this.#ended.get(tokenHash) ?? 0) > Date.now();
  }

  #sendToUser(userId: bigint, message: ServerMessage): void {
    const clients = this.#byUser.get(userId);
    if (!clients) return;
    const data = Buffer.from(JSON.stringify(message));
    const now = this.deps.clock.now().getTime();
    for (const client of clients) if (client.expiresAt > now) client.socket.send(data, { binary: false });
  }

  #send(client: Client, message: ServerMessage): void {
    client.socket.send(JSON.stringify(message));
  }

  readonly #asFollowers: Followers = {
    has: (channel, topic) => (this.#followers.get(channel)?.get(topic)?.size ?? 0) > 0,
    send: (channel, topic, message) => {
      const clients = this.#followers.get(channel)?.get(topic);
      if (!clients || clients.size === 0) return;
      // Encoded once for every follower: per socket, only the frame is written.
      const data = Buffer.from(JSON.stringify(message));
      for (const client of clients) client.socket.send(data, { binary: false });
    },
  };

  #follow(client: Client, channel: string, topic: string): void {
    this.#unfollow(client, channel);
    client.follows.set(channel, topic);
    const topics = this.#followers.get(channel) ?? new Map<string, Set<Client>>();
    this.#followers.set(channel, topics);
    const clients = topics.get(topic) ?? new Set<Client>();
    topics.set(topic, clients);
    clients.add(client);
  }

  #unfollow(client: Client, channel: string): void {
    const topic = client.follows.get(channel);
    if (topic === undefined) return;
    client.follows.delete(channel);
    const topics = this.#followers.get(channel);
    const clients = topics?.get(topic);
    clients?.delete(client);
    if (clients?.size === 0) topics?.delete(topic);
    if (topics?.size === 0) this.#followers.delete(channel);
  }

  async #handle(client: Client, message: ClientMessage, authTimer: NodeJS.Timeout): Promise<void> {
    if (message.type === "ping") {
      this.#send(client, { type: "pong" });
      return;
    }
    if (message.type !== "auth") {
      await this.#answering.get(message.type)?.answer(message, client.asChannelSocket);
      return;
    }
    if (client.userId !== null) return;
    const session = await this.deps.auth.authenticate(message.token).catch(() => null);
    if (!session) {
      this.#send(client, { type: "error", code: "UNAUTHENTICATED" });
      client.socket.close(UNAUTHENTICATED_CLOSE_CODE, "unauthenticated");
      return;
    }
    // Closed while the session was read: registering it now would leave it in the indexes for good.
    if (client.socket.readyState !== client.socket.OPEN || client.userId !== null) return;
    clearTimeout(authTimer);
    // Ended while it was read (here or on another process): it must not start hearing the user's events.
    if (this.#endedLately(session.tokenHash)) {
      client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      return;
    }
    client.userId = session.userId;
    client.tokenHash = session.tokenHash;
    client.expiresAt = session.expiresAt.getTime();
    const set = this.#byUser.get(session.userId) ?? new Set<Client>();
    set.add(client);
    this.#byUser.set(session.userId, set);
    const sockets = this.#bySession.get(session.tokenHash) ?? new Set<Client>();
    sockets.add(client);
    this.#bySession.set(session.tokenHash, sockets);
    this.#send(client, { type: "ready" });
  }

  register(app: FastifyInstance): void {
    app.get("/api/ws", { websocket: true, schema: { hide: true } }, (socket) => {
      const client: Client = {
        socket,
        userId: null,
        tokenHash: null,
        expiresAt: 0,
        follows: new Map(),
        asChannelSocket: {
          send: (message) => this.#send(client, message),
          follow: (channel, topic) => this.#follow(client, channel, topic),
          unfollow: (channel) => this.#unfollow(client, channel),
        },
      };
      this.#clients.add(client);
      // A socket that neither authenticates nor follows anything public is closed.
      const authTimer = setTimeout(() => {
        if (client.userId === null && client.follows.size === 0)
          socket.close(UNAUTHENTICATED_CLOSE_CODE, "auth timeout");
      }, AUTH_TIMEOUT_MS);
      socket.on("close", () => {
        clearTimeout(authTimer);
        this.#clients.delete(client);
        this.#forgetSession(client);
        for (const channel of [...client.follows.keys()]) this.#unfollow(client, channel);
      });
      socket.on("message", (raw: Buffer) => {
        let message: ClientMessage;
        try {
          message = clientMessage.parse(JSON.parse(raw.toString()));
        } catch {
          this.#send(client, { type: "error", code: "VALIDATION_FAILED" });
          return;
        }
        this.#handle(client, message, authTimer).catch((error: unknown) => {
          app.log.error({ err: error }, "websocket message failed");
          this.#send(client, { type: "error", code: "INTERNAL" });
        });
      });
    });
  }
}
