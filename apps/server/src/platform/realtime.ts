import type {} from "@fastify/websocket";
import {
  type ClientMessage,
  clientMessage,
  type ServerMessage,
  UNAUTHENTICATED_CLOSE_CODE,
} from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import type { Clock } from "./clock";
import type { Db } from "./db";
import type { DomainEventName, DomainEvents, EventPublisher } from "./events";
import { type FollowingSocket, TopicFollowers } from "./realtime-followers";
import { type OperatorSocket, OperatorSockets } from "./realtime-operators";
import type {
  ChannelSocket,
  EventDelivery,
  OperatorEventName,
  OperatorEventRenderer,
  OperatorSocketAuth,
  PrivateChannel,
  PrivatePeer,
  PublicChannel,
  SocketAuth,
  SocketIdentity,
  UserEventName,
  UserEventRenderer,
} from "./realtime-plugs";
import { SocketSessions } from "./realtime-sessions";
import { type RelayLog, UserEventsRelay } from "./user-events";

export type {
  ChannelSocket,
  EventDelivery,
  Followers,
  OperatorEventName,
  OperatorEventRenderer,
  OperatorLiveSession,
  OperatorSocketAuth,
  OperatorSocketSession,
  PrivateChannel,
  PrivatePeer,
  PublicChannel,
  SocketAuth,
  SocketIdentity,
  SocketSession,
  UserEventName,
  UserEventRenderer,
  UserMessage,
} from "./realtime-plugs";
export { perUserMessage } from "./realtime-plugs";

const AUTH_TIMEOUT_MS = 10_000;
/**
 * How often the sessions of all authenticated sockets are read again (one query): a session that
 * expired, or ended where no announcement reached this process, loses its socket within this long.
 */
const SESSION_CHECK_EVERY_MS = 30_000;

interface Delivery<R> {
  encode(ref: R): string;
  decode(wire: string): R;
  deliver(refs: readonly R[]): Promise<void>;
}

type Deliveries = { [N in DomainEventName]?: Delivery<DomainEvents[N]> };

interface Client extends OperatorSocket, FollowingSocket {
  /** Which sessions it signed in with, once it did: a user's, or an operator's. */
  realm: "user" | "operator" | null;
  asChannelSocket: ChannelSocket;
  asPeer: PrivatePeer;
}

/**
 * The one WebSocket (`/api/ws`) and the delivery of domain events to it. Public channels (plugged in
 * by their capabilities) answer anyone; a client that authenticates (through the plugged-in
 * SocketAuth) also receives its own user's events, as their capabilities render them; a console that
 * authenticates as an operator (OperatorSocketAuth) receives the operator events its role may hear.
 * Sockets live as long as their session. Events published here are relayed to the other server
 * processes.
 */
export class RealtimeHub implements EventPublisher {
  readonly #users: SocketSessions<Client>;
  readonly #operators: OperatorSockets<Client>;
  readonly #followers = new TopicFollowers<Client>();
  #sessionCheckTimer: NodeJS.Timeout | null = null;
  readonly #channels: PublicChannel[] = [];
  readonly #answering = new Map<ClientMessage["type"], PublicChannel>();
  readonly #privateChannels: PrivateChannel[] = [];
  readonly #answeringPrivately = new Map<ClientMessage["type"], PrivateChannel>();
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
      operatorAuth: OperatorSocketAuth;
    },
  ) {
    this.#users = new SocketSessions({
      clock: deps.clock,
      log: deps.log,
      liveSessions: async (tokenHashes) => {
        const live = await deps.auth.liveSessions(tokenHashes);
        return new Map([...live].map(([hash, expiresAt]) => [hash, { expiresAt }]));
      },
    });
    this.#operators = new OperatorSockets({ clock: deps.clock, log: deps.log, auth: deps.operatorAuth });
    this.#relay = new UserEventsRelay({
      db: deps.db,
      ...(deps.databaseUrl ? { databaseUrl: deps.databaseUrl } : {}),
      deliver: (name, refs) => this.#receive(name, refs),
      log: deps.log,
    });
    this.#deliveries["sessions.ended"] = {
      encode: (tokenHash) => tokenHash,
      decode: (wire) => wire,
      // A token's hash names its session in either realm.
      deliver: async (tokenHashes) => {
        this.#users.end(tokenHashes);
        this.#operators.end(tokenHashes);
      },
    };
  }

  /** The relay to the other processes, whose format a process standing in for an older release sets. */
  get relay(): UserEventsRelay {
    return this.#relay;
  }

  addChannel(channel: PublicChannel): void {
    this.#channels.push(channel);
    for (const type of channel.answers) this.#answering.set(type, channel);
  }

  addPrivateChannel(channel: PrivateChannel): void {
    this.#privateChannels.push(channel);
    for (const type of channel.answers) this.#answeringPrivately.set(type, channel);
  }

  /** An event the capability delivers itself (to the peers of its private channel), here and relayed. */
  addEvent<N extends UserEventName>(name: N, delivery: EventDelivery<DomainEvents[N]>): void {
    const deliveries: { [P in N]?: Delivery<DomainEvents[P]> } = this.#deliveries;
    deliveries[name] = delivery;
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

  /**
   * Every signed-in user hears this event alike (a broadcast): one message, built from the reference
   * alone, to each user socket of every process.
   */
  addEveryUserEvent<N extends UserEventName>(
    name: N,
    renderer: Pick<OperatorEventRenderer<DomainEvents[N]>, "encode" | "decode" | "render">,
  ): void {
    const deliveries: { [P in N]?: Delivery<DomainEvents[P]> } = this.#deliveries;
    deliveries[name] = {
      encode: (ref) => renderer.encode(ref),
      decode: (wire) => renderer.decode(wire),
      deliver: async (refs) => {
        const sockets = this.#users.all();
        for (const ref of refs) this.#users.send(sockets, renderer.render(ref));
      },
    };
  }

  /** Operators hear this event where their role holds the permission the renderer names. */
  addOperatorEvent<N extends OperatorEventName>(
    name: N,
    renderer: OperatorEventRenderer<DomainEvents[N]>,
  ): void {
    const deliveries: { [P in N]?: Delivery<DomainEvents[P]> } = this.#deliveries;
    deliveries[name] = {
      encode: (ref) => renderer.encode(ref),
      decode: (wire) => renderer.decode(wire),
      deliver: (refs) => this.#operators.deliver(renderer, refs),
    };
  }

  /** Starts the public channels and hearing the events other server processes relay (PostgreSQL). */
  async start(): Promise<void> {
    await this.#relay.start();
    if (this.#sessionCheckTimer) return;
    this.#sessionCheckTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_EVERY_MS);
    this.#sessionCheckTimer.unref();
    this.#stopChannels = this.#channels.map((channel) => channel.start(this.#followers));
  }

  /** Stops everything that reads or writes the database, so it can close after this. */
  async detach(): Promise<void> {
    for (const stop of this.#stopChannels) stop();
    this.#stopChannels = [];
    if (this.#sessionCheckTimer) clearInterval(this.#sessionCheckTimer);
    this.#sessionCheckTimer = null;
    await this.#users.settled();
    await this.#operators.settled();
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
    const connected = (ref: R) => this.#users.hasHolder(renderer.userOf(ref));
    const wanted = refs.filter(connected);
    if (wanted.length === 0) return;
    await this.#users.confirm(new Set(wanted.map((ref) => renderer.userOf(ref))));
    const still = wanted.filter(connected);
    if (still.length === 0) return;
    for (const { userId, message } of await renderer.render(still)) this.#users.sendToHolder(userId, message);
  }

  /**
   * Reads the sessions of every authenticated socket again, in one query: closes those whose session
   * expired or ended, and notes how far the others' expiry slid. Runs every 30 s.
   */
  async checkSessions(): Promise<void> {
    await Promise.all([this.#users.checkAll(), this.#operators.checkAll()]);
  }

  #identityOf(client: Client): SocketIdentity | null {
    const { holderId, tokenHash } = client;
    if (holderId === null || tokenHash === null || client.expiresAt <= this.deps.clock.now().getTime())
      return null;
    if (client.realm === "user") return { realm: "user", userId: holderId, sessionTokenHash: tokenHash };
    if (client.realm === "operator")
      return {
        realm: "operator",
        operatorId: holderId,
        sessionTokenHash: tokenHash,
        permissions: client.permissions,
      };
    return null;
  }

  #send(client: Client, message: ServerMessage): void {
    client.socket.send(JSON.stringify(message));
  }

  async #handle(client: Client, message: ClientMessage, authTimer: NodeJS.Timeout): Promise<void> {
    if (message.type === "ping") {
      this.#send(client, { type: "pong" });
      return;
    }
    const privately = this.#answeringPrivately.get(message.type);
    if (privately) {
      // Not signed in: nothing private is answered, and nothing said (as for a public type unknown).
      if (client.realm !== null) await privately.answer(message, client.asPeer);
      return;
    }
    if (message.type !== "auth" && message.type !== "operator.auth") {
      await this.#answering.get(message.type)?.answer(message, client.asChannelSocket);
      return;
    }
    // A socket signs in once, in one realm.
    if (client.realm !== null) return;
    const realm = message.type === "auth" ? "user" : "operator";
    const session =
      realm === "user"
        ? await this.deps.auth.authenticate(message.token).catch(() => null)
        : await this.deps.operatorAuth.authenticate(message.token).catch(() => null);
    if (!session) {
      this.#send(client, { type: "error", code: "UNAUTHENTICATED" });
      client.socket.close(UNAUTHENTICATED_CLOSE_CODE, "unauthenticated");
      return;
    }
    // Closed while the session was read: registering it now would leave it in the indexes for good.
    if (client.socket.readyState !== client.socket.OPEN || client.realm !== null) return;
    clearTimeout(authTimer);
    client.realm = realm;
    const admitted =
      "operatorId" in session
        ? this.#operators.admit(client, session)
        : this.#users.admit(client, { ...session, holderId: session.userId });
    if (!admitted) return;
    this.#send(client, { type: "ready" });
  }

  register(app: FastifyInstance): void {
    app.get("/api/ws", { websocket: true, schema: { hide: true } }, (socket) => {
      const client: Client = {
        socket,
        realm: null,
        holderId: null,
        tokenHash: null,
        expiresAt: 0,
        permissions: new Set(),
        follows: new Map(),
        asChannelSocket: {
          send: (message) => this.#send(client, message),
          follow: (channel, topic) => this.#followers.follow(client, channel, topic),
          unfollow: (channel) => this.#followers.unfollow(client, channel),
        },
        asPeer: {
          identity: async () => {
            if (client.realm === "operator" && !(await this.#operators.confirm(client))) return null;
            return this.#identityOf(client);
          },
          knownIdentity: () => this.#identityOf(client),
          send: (message) => {
            if (socket.readyState === socket.OPEN) this.#send(client, message);
          },
        },
      };
      // A socket that neither authenticates nor follows anything public is closed.
      const authTimer = setTimeout(() => {
        if (client.realm === null && client.follows.size === 0)
          socket.close(UNAUTHENTICATED_CLOSE_CODE, "auth timeout");
      }, AUTH_TIMEOUT_MS);
      socket.on("close", () => {
        clearTimeout(authTimer);
        for (const channel of this.#privateChannels) channel.forget(client.asPeer);
        if (client.realm === "operator") this.#operators.forget(client);
        else this.#users.forget(client);
        this.#followers.unfollowAll(client);
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
