import { SESSION_ENDED_CLOSE_CODE, type ServerMessage } from "@tickfair/contract";
import type { WebSocket } from "ws";
import type { Clock } from "./clock";
import type { SocketAuth, SocketSession } from "./realtime-plugs";
import type { RelayLog } from "./user-events";

/**
 * How long an ended session is remembered: longer than a socket's authentication can be in flight,
 * so one that read the session just before it ended is still caught.
 */
const ENDED_REMEMBERED_MS = 5 * 60_000;

/** A socket as the sessions see it. */
export interface SessionSocket {
  socket: WebSocket;
  userId: bigint | null;
  /** The session that authenticated the socket (its token's hash), null before or after. */
  tokenHash: string | null;
  /** When that session ends unless used meanwhile (epoch ms on the hub's clock). */
  expiresAt: number;
}

/**
 * The authenticated sockets by user and by session: a socket hears its user's events only while its
 * session lives, and closes with SESSION_ENDED_CLOSE_CODE when the session ends or expires.
 */
export class SocketSessions<S extends SessionSocket> {
  readonly #byUser = new Map<bigint, Set<S>>();
  readonly #bySession = new Map<string, Set<S>>();
  /** Token hashes of sessions ended lately, with until when (wall clock) they are remembered. */
  readonly #ended = new Map<string, number>();
  readonly #checks = new Set<Promise<void>>();

  constructor(private readonly deps: { clock: Clock; auth: SocketAuth; log: RelayLog }) {}

  /** Whether any socket here is signed in as this user. */
  hasUser(userId: bigint): boolean {
    return this.#byUser.has(userId);
  }

  /**
   * Signs the socket in with its session, unless the session ended while it was read (here or on
   * another process): then it must not start hearing the user's events, and is closed.
   */
  admit(client: S, session: SocketSession): boolean {
    if (this.#endedLately(session.tokenHash)) {
      client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      return false;
    }
    client.userId = session.userId;
    client.tokenHash = session.tokenHash;
    client.expiresAt = session.expiresAt.getTime();
    const ofUser = this.#byUser.get(session.userId) ?? new Set<S>();
    ofUser.add(client);
    this.#byUser.set(session.userId, ofUser);
    const ofSession = this.#bySession.get(session.tokenHash) ?? new Set<S>();
    ofSession.add(client);
    this.#bySession.set(session.tokenHash, ofSession);
    return true;
  }

  /** Reads the sessions of every authenticated socket again, in one query (see checkSessions). */
  async checkAll(): Promise<void> {
    const wallNow = Date.now();
    for (const [hash, until] of this.#ended) if (until <= wallNow) this.#ended.delete(hash);
    await this.#checkSessionsOf([...this.#bySession.values()].flatMap((clients) => [...clients]));
  }

  /** Resolves when no session check is reading the database any more. */
  async settled(): Promise<void> {
    await Promise.all(this.#checks);
  }

  /**
   * Before the user's events go out: a socket whose remembered expiry passed is checked first (its
   * session may have slid forward through requests since); until then it gets nothing private.
   */
  async confirm(userIds: Iterable<bigint>): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const due: S[] = [];
    for (const userId of userIds) {
      for (const client of this.#byUser.get(userId) ?? []) if (client.expiresAt <= now) due.push(client);
    }
    if (due.length > 0) await this.#checkSessionsOf(due);
  }

  end(tokenHashes: readonly string[]): void {
    const until = Date.now() + ENDED_REMEMBERED_MS;
    for (const hash of tokenHashes) {
      this.#ended.set(hash, until);
      for (const client of this.#bySession.get(hash) ?? []) this.#closeEnded(client);
    }
  }

  sendToUser(userId: bigint, message: ServerMessage): void {
    const clients = this.#byUser.get(userId);
    if (!clients) return;
    const data = Buffer.from(JSON.stringify(message));
    const now = this.deps.clock.now().getTime();
    for (const client of clients) if (client.expiresAt > now) client.socket.send(data, { binary: false });
  }

  forget(client: S): void {
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

  async #checkSessionsOf(clients: readonly S[]): Promise<void> {
    const check = this.#readSessions(clients);
    this.#checks.add(check);
    try {
      await check;
    } finally {
      this.#checks.delete(check);
    }
  }

  async #readSessions(clients: readonly S[]): Promise<void> {
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

  /** Off the user's events at once (the closing handshake takes a while), then closed. */
  #closeEnded(client: S): void {
    this.forget(client);
    client.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  }

  #endedLately(tokenHash: string): boolean {
    return (this.#ended.get(tokenHash) ?? 0) > Date.now();
  }
}
