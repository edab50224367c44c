import { SESSION_ENDED_CLOSE_CODE, type ServerMessage } from "@tickfair/contract";
import type { WebSocket } from "ws";
import type { Clock } from "./clock";
import type { RelayLog } from "./user-events";

/**
 * How long an ended session is remembered: longer than a socket's authentication can be in flight,
 * so one that read the session just before it ended is still caught.
 */
const ENDED_REMEMBERED_MS = 5 * 60_000;

/** A socket as the sessions see it. */
export interface SessionSocket {
  socket: WebSocket;
  /** Who it is signed in as: a user, or an operator (each realm has its own SocketSessions). */
  holderId: bigint | null;
  /** The session that authenticated the socket (its token's hash), null before or after. */
  tokenHash: string | null;
  /** When that session ends unless used meanwhile (epoch ms on the hub's clock). */
  expiresAt: number;
}

/** The session a socket signs in with. */
export interface AdmittedSession {
  holderId: bigint;
  /** The hash of its token: how the session is named when it ends. */
  tokenHash: string;
  expiresAt: Date;
}

/** A session as it stands now; a realm may tell more (an operator's permissions). */
export interface LiveSession {
  expiresAt: Date;
}

/**
 * The authenticated sockets of one realm (users, or operators) by holder and by session: a socket
 * hears its holder's events only while its session lives, and closes with SESSION_ENDED_CLOSE_CODE
 * when the session ends or expires.
 */
export class SocketSessions<S extends SessionSocket, L extends LiveSession = LiveSession> {
  readonly #byHolder = new Map<bigint, Set<S>>();
  readonly #bySession = new Map<string, Set<S>>();
  /** Token hashes of sessions ended lately, with until when (wall clock) they are remembered. */
  readonly #ended = new Map<string, number>();
  readonly #checks = new Set<Promise<boolean>>();

  constructor(
    private readonly deps: {
      clock: Clock;
      log: RelayLog;
      /** Of these sessions, the ones still live. */
      liveSessions(tokenHashes: readonly string[]): Promise<Map<string, L>>;
      /** A socket's session was read again and lives: what else the realm keeps of it. */
      refreshed?(client: S, live: L): void;
    },
  ) {}

  /** Whether any socket here is signed in as this holder. */
  hasHolder(holderId: bigint): boolean {
    return this.#byHolder.has(holderId);
  }

  /** Every socket signed in here. */
  all(): S[] {
    return [...this.#bySession.values()].flatMap((clients) => [...clients]);
  }

  /**
   * Signs the socket in with its session, unless the session ended while it was read (here or on
   * another process): then it must not start hearing the holder's events, and is closed.
   */
  admit(client: S, session: AdmittedSession): boolean {
    if (this.#endedLately(session.tokenHash)) {
      client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      return false;
    }
    client.holderId = session.holderId;
    client.tokenHash = session.tokenHash;
    client.expiresAt = session.expiresAt.getTime();
    const ofHolder = this.#byHolder.get(session.holderId) ?? new Set<S>();
    ofHolder.add(client);
    this.#byHolder.set(session.holderId, ofHolder);
    const ofSession = this.#bySession.get(session.tokenHash) ?? new Set<S>();
    ofSession.add(client);
    this.#bySession.set(session.tokenHash, ofSession);
    return true;
  }

  /** Reads the sessions of every authenticated socket again, in one query (see checkSessions). */
  async checkAll(): Promise<void> {
    const wallNow = Date.now();
    for (const [hash, until] of this.#ended) if (until <= wallNow) this.#ended.delete(hash);
    await this.check(this.all());
  }

  /** Resolves when no session check is reading the database any more. */
  async settled(): Promise<void> {
    await Promise.all(this.#checks);
  }

  /**
   * Before the holders' events go out: a socket whose remembered expiry passed is checked first (its
   * session may have slid forward through requests since); until then it gets nothing private.
   */
  async confirm(holderIds: Iterable<bigint>): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const due: S[] = [];
    for (const holderId of holderIds) {
      for (const client of this.#byHolder.get(holderId) ?? []) if (client.expiresAt <= now) due.push(client);
    }
    if (due.length > 0) await this.check(due);
  }

  end(tokenHashes: readonly string[]): void {
    const until = Date.now() + ENDED_REMEMBERED_MS;
    for (const hash of tokenHashes) {
      this.#ended.set(hash, until);
      for (const client of this.#bySession.get(hash) ?? []) this.#closeEnded(client);
    }
  }

  /** One message, encoded once, to the holder's sockets whose session has not expired. */
  sendToHolder(holderId: bigint, message: ServerMessage): void {
    this.send(this.#byHolder.get(holderId) ?? [], message);
  }

  /** One message, encoded once, to those of `clients` whose session has not expired. */
  send(clients: Iterable<S>, message: ServerMessage): void {
    const data = Buffer.from(JSON.stringify(message));
    const now = this.deps.clock.now().getTime();
    for (const client of clients) if (client.expiresAt > now) client.socket.send(data, { binary: false });
  }

  forget(client: S): void {
    const { holderId, tokenHash } = client;
    client.holderId = null;
    client.tokenHash = null;
    if (holderId !== null) {
      const set = this.#byHolder.get(holderId);
      set?.delete(client);
      if (set?.size === 0) this.#byHolder.delete(holderId);
    }
    if (tokenHash !== null) {
      const set = this.#bySession.get(tokenHash);
      set?.delete(client);
      if (set?.size === 0) this.#bySession.delete(tokenHash);
    }
  }

  /**
   * Reads these sockets' sessions again: closes those that ended, notes how far the others' slid.
   * Answers whether the sessions could be read.
   */
  async check(clients: readonly S[]): Promise<boolean> {
    const check = this.#readSessions(clients);
    this.#checks.add(check);
    try {
      return await check;
    } finally {
      this.#checks.delete(check);
    }
  }

  async #readSessions(clients: readonly S[]): Promise<boolean> {
    const hashes = [...new Set(clients.flatMap((client) => (client.tokenHash ? [client.tokenHash] : [])))];
    if (hashes.length === 0) return true;
    let live: Map<string, L>;
    try {
      live = await this.deps.liveSessions(hashes);
    } catch (error) {
      // Sockets already past their expiry stay without private events until a later check succeeds.
      this.deps.log.error({ err: error }, "realtime: checking the sockets' sessions failed");
      return false;
    }
    for (const client of clients) {
      if (client.tokenHash === null) continue;
      const session = live.get(client.tokenHash);
      if (session === undefined) {
        this.#closeEnded(client);
        continue;
      }
      client.expiresAt = session.expiresAt.getTime();
      this.deps.refreshed?.(client, session);
    }
    return true;
  }

  /** Off the holder's events at once (the closing handshake takes a while), then closed. */
  #closeEnded(client: S): void {
    this.forget(client);
    client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  }

  #endedLately(tokenHash: string): boolean {
    return (this.#ended.get(tokenHash) ?? 0) > Date.now();
  }
}
