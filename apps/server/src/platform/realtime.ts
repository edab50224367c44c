import type {} from "@fastify/websocket";
import {
  type AccountSummary,
  type ClientMessage,
  type Contract,
  clientMessage,
  SESSION_ENDED_CLOSE_CODE,
  type ServerMessage,
  UNAUTHENTICATED_CLOSE_CODE,
} from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { WebSocket } from "ws";
import { authenticate } from "../auth/service";
import { toAccountSummary, userFigures } from "../ledger/service";
import type { MarketBus } from "../market/bus";
import { findProduct, productTicks, toWireTick } from "../market/service";
import type { StoredTick } from "../market/ticks";
import { latestTickers } from "../market/ticks";
import { type ContractRef, contractsByIds } from "../trading/service";
import type { Clock } from "./clock";
import type { Config } from "./config";
import { type Db, prepared } from "./db";
import { type RelayLog, type UserEvent, UserEventsRelay } from "./user-events";

const AUTH_TIMEOUT_MS = 10_000;
const TICKERS_EVERY_MS = 1000;
const BACKFILL_LIMIT = 1000;
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

interface Client {
  socket: WebSocket;
  userId: bigint | null;
  /** The session that authenticated the socket (its token's hash), null before or after. */
  tokenHash: string | null;
  /** When that session ends unless used meanwhile (epoch ms on the hub's clock). */
  expiresAt: number;
  tickers: boolean;
  product: string | null;
}

/**
 * The one WebSocket (`/api/ws`). Market channels are public: tickers for all products (at most one
 * message a second) and one product's ticks, with a backfill from the last sequence a client saw.
 * A client that authenticates also receives its own user's events.
 */
export class RealtimeHub {
  readonly #clients = new Set<Client>();
  readonly #byUser = new Map<bigint, Set<Client>>();
  readonly #bySession = new Map<string, Set<Client>>();
  /** Token hashes of sessions ended lately, with until when (wall clock) they are remembered. */
  readonly #ended = new Map<string, number>();
  readonly #sessionChecks = new Set<Promise<void>>();
  #sessionCheckTimer: NodeJS.Timeout | null = null;
  #tickersTimer: NodeJS.Timeout | null = null;
  #lastTickersAt = 0;
  #detachMarket: (() => void) | null = null;

  readonly #relay: UserEventsRelay;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: Config;
      log: RelayLog;
    },
  ) {
    this.#relay = new UserEventsRelay({
      db: deps.db,
      databaseUrl: deps.config.DATABASE_URL,
      deliver: (event) => this.#deliver(event),
      log: deps.log,
    });
  }

  /** Starts hearing the users' events other server processes relay (PostgreSQL). */
  async start(): Promise<void> {
    await this.#relay.start();
    if (this.#sessionCheckTimer) return;
    this.#sessionCheckTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_EVERY_MS);
    this.#sessionCheckTimer.unref();
  }

  get connectedClients(): number {
    return this.#clients.size;
  }

  /** Listens to recorded ticks: product subscribers get them at once, tickers at most once a second. */
  attachMarket(bus: MarketBus): void {
    this.#detachMarket = bus.onTicks((ticks) => this.#onTicks(ticks));
  }

  /** Stops everything that reads or writes the database, so it can close after this. */
  async detach(): Promise<void> {
    this.#detachMarket?.();
    if (this.#tickersTimer) clearTimeout(this.#tickersTimer);
    this.#tickersTimer = null;
    if (this.#sessionCheckTimer) clearInterval(this.#sessionCheckTimer);
    this.#sessionCheckTimer = null;
    await Promise.all(this.#sessionChecks);
    await this.#relay.stop();
  }

  #onTicks(ticks: readonly StoredTick[]): void {
    const bySymbol = new Map<string, StoredTick[]>();
    for (const tick of ticks) bySymbol.set(tick.symbol, [...(bySymbol.get(tick.symbol) ?? []), tick]);
    for (const client of this.#clients) {
      const mine = client.product ? bySymbol.get(client.product) : undefined;
      if (mine && client.product)
        this.#send(client, { type: "ticks", symbol: client.product, items: mine.map(toWireTick) });
    }
    this.#scheduleTickers();
  }

  #scheduleTickers(): void {
    if (this.#tickersTimer) return;
    const wait = Math.max(0, this.#lastTickersAt + TICKERS_EVERY_MS - Date.now());
    this.#tickersTimer = setTimeout(() => {
      this.#tickersTimer = null;
      this.#lastTickersAt = Date.now();
      void this.#broadcastTickers();
    }, wait);
  }

  async #broadcastTickers(): Promise<void> {
    const listeners = [...this.#clients].filter((client) => client.tickers);
    if (listeners.length === 0) return;
    const tickers = await latestTickers(this.deps.db, this.deps.clock.now());
    // Encoded once for every listener: per socket, only the frame is written.
    const data = Buffer.from(
      JSON.stringify({
        type: "tickers",
        at: new Date().toISOString(),
        items: [...tickers.values()],
      } satisfies ServerMessage),
    );
    for (const client of listeners) client.socket.send(data, { binary: false });
  }

  #send(client: Client, message: ServerMessage): void {
    client.socket.send(JSON.stringify(message));
  }

  /** After a movement of the user's money commits: the personal center's figures as they now stand. */
  async accountChanged(userId: bigint): Promise<void> {
    await this.#tell({ type: "account", userIds: [userId] });
  }

  /** Contracts got their entry tick: each connected owner learns its expiry. */
  async contractsOpened(refs: readonly ContractRef[]): Promise<void> {
    await this.#tell({ type: "opened", contracts: [...refs] });
  }

  /**
   * A settlement batch committed: each connected owner gets each result with the figures after the
   * batch, then the figures once more as account.updated for screens that only follow the figures.
   */
  async contractsSettled(refs: readonly ContractRef[]): Promise<void> {
    await this.#tell({ type: "settled", contracts: [...refs] });
  }

  /**
   * Sessions ended (logout, "clear cache", a password change, an operator's revoke; call after the
   * change commits): their sockets get nothing more of the user's and close with
   * SESSION_ENDED_CLOSE_CODE, here at once and on the other processes through the relay.
   */
  async sessionsEnded(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.#tell({ type: "sessionsEnded", tokenHashes: [...tokenHashes] });
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
    const now = this.deps.clock.now();
    let live: Map<string, number>;
    try {
      const { rows } = await prepared(sql<{ token_hash: string; expires_at: Date }>`
        select token_hash, expires_at from sessions
        where token_hash = any(${hashes}::text[]) and revoked_at is null and expires_at > ${now}`).execute(
        this.deps.db,
      );
      live = new Map(rows.map((row) => [row.token_hash, row.expires_at.getTime()]));
    } catch (error) {
      // Sockets already past their expiry stay without private events until a later check succeeds.
      this.deps.log.error({ err: error }, "realtime: checking the sockets' sessions failed");
      return;
    }
    for (const client of clients) {
      if (client.tokenHash === null) continue;
      const expiresAt = live.get(client.tokenHash);
      if (expiresAt === undefined) this.#closeEnded(client);
      else client.expiresAt = expiresAt;
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

  /** This process's sockets at once; the other processes' through the relay. */
  async #tell(event: UserEvent): Promise<void> {
    this.#relay.relay(event);
    await this.#deliver(event);
  }

  async #deliver(event: UserEvent): Promise<void> {
    if (event.type === "sessionsEnded") {
      this.#endSessions(event.tokenHashes);
      return;
    }
    if (event.type === "account") {
      await this.#confirmSessions(event.userIds);
      for (const userId of event.userIds) {
        if (!this.#byUser.has(userId)) continue;
        this.#sendToUser(userId, { type: "account.updated", summary: await this.#summaryOf(userId) });
      }
      return;
    }
    const contracts = await this.#connectedOwnersContracts(event.contracts);
    await this.#confirmSessions(new Set(contracts.map((owned) => owned.userId)));
    if (event.type === "opened") {
      for (const { userId, contract } of contracts)
        this.#sendToUser(userId, { type: "contract.opened", contract });
      return;
    }
    const summaries = new Map<bigint, AccountSummary>();
    for (const { userId } of contracts) {
      if (!summaries.has(userId)) summaries.set(userId, await this.#summaryOf(userId));
    }
    for (const { userId, contract } of contracts) {
      const summary = summaries.get(userId);
      if (summary) this.#sendToUser(userId, { type: "contract.settled", contract, summary });
    }
    for (const [userId, summary] of summaries) this.#sendToUser(userId, { type: "account.updated", summary });
  }

  /** Only the contracts whose owner has the app open are read; at scale most are not. */
  async #connectedOwnersContracts(
    refs: readonly ContractRef[],
  ): Promise<{ userId: bigint; contract: Contract }[]> {
    const wanted = refs.filter((ref) => this.#byUser.has(ref.userId));
    const owners = new Map(wanted.map((ref) => [ref.id.toString(), ref.userId]));
    const contracts = await contractsByIds(
      this.deps.db,
      wanted.map((ref) => ref.id),
    );
    return contracts.flatMap((contract) => {
      const userId = owners.get(contract.id);
      return userId === undefined ? [] : [{ userId, contract }];
    });
  }

  async #summaryOf(userId: bigint): Promise<AccountSummary> {
    const figures = await userFigures(
      this.deps.db,
      userId,
      this.deps.clock.now(),
      this.deps.config.PLATFORM_TZ,
    );
    return toAccountSummary(figures);
  }

  #sendToUser(userId: bigint, message: ServerMessage): void {
    const clients = this.#byUser.get(userId);
    if (!clients) return;
    const data = Buffer.from(JSON.stringify(message));
    const now = this.deps.clock.now().getTime();
    for (const client of clients) if (client.expiresAt > now) client.socket.send(data, { binary: false });
  }

  async #handle(
    client: Client,
    message: ClientMessage,
    sessionIdleMs: number,
    authTimer: NodeJS.Timeout,
  ): Promise<void> {
    switch (message.type) {
      case "ping":
        this.#send(client, { type: "pong" });
        return;
      case "subscribe.tickers": {
        client.tickers = true;
        const tickers = await latestTickers(this.deps.db, this.deps.clock.now());
        this.#send(client, { type: "tickers", at: new Date().toISOString(), items: [...tickers.values()] });
        return;
      }
      case "subscribe.product": {
        const product = await findProduct(this.deps.db, message.symbol).catch(() => null);
        if (!product) {
          this.#send(client, { type: "error", code: "PRODUCT_NOT_FOUND" });
          return;
        }
        client.product = product.symbol;
        if (message.fromSeq !== undefined) {
          const missed = await productTicks(this.deps.db, product.symbol, {
            fromSeq: (BigInt(message.fromSeq) + 1n).toString(),
            limit: BACKFILL_LIMIT,
          });
          this.#send(client, { type: "ticks", symbol: product.symbol, items: missed.items });
        }
        return;
      }
      case "unsubscribe.product":
        client.product = null;
        return;
      case "unsubscribe.tickers":
        client.tickers = false;
        return;
      case "auth": {
        if (client.userId !== null) return;
        const session = await authenticate(
          this.deps.db,
          this.deps.clock,
          { sessionIdleMs },
          message.token,
        ).catch(() => null);
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
        client.userId = session.user.id;
        client.tokenHash = session.tokenHash;
        client.expiresAt = session.expiresAt.getTime();
        const set = this.#byUser.get(session.user.id) ?? new Set<Client>();
        set.add(client);
        this.#byUser.set(session.user.id, set);
        const sockets = this.#bySession.get(session.tokenHash) ?? new Set<Client>();
        sockets.add(client);
        this.#bySession.set(session.tokenHash, sockets);
        this.#send(client, { type: "ready" });
        return;
      }
    }
  }

  register(app: FastifyInstance, sessionIdleMs: number): void {
    app.get("/api/ws", { websocket: true, schema: { hide: true } }, (socket) => {
      const client: Client = {
        socket,
        userId: null,
        tokenHash: null,
        expiresAt: 0,
        tickers: false,
        product: null,
      };
      this.#clients.add(client);
      // A socket that neither authenticates nor subscribes to anything public is closed.
      const authTimer = setTimeout(() => {
        if (client.userId === null && !client.tickers && client.product === null)
          socket.close(UNAUTHENTICATED_CLOSE_CODE, "auth timeout");
      }, AUTH_TIMEOUT_MS);
      socket.on("close", () => {
        clearTimeout(authTimer);
        this.#clients.delete(client);
        this.#forgetSession(client);
      });
      socket.on("message", (raw: Buffer) => {
        let message: ClientMessage;
        try {
          message = clientMessage.parse(JSON.parse(raw.toString()));
        } catch {
          this.#send(client, { type: "error", code: "VALIDATION_FAILED" });
          return;
        }
        this.#handle(client, message, sessionIdleMs, authTimer).catch((error: unknown) => {
          app.log.error({ err: error }, "websocket message failed");
          this.#send(client, { type: "error", code: "INTERNAL" });
        });
      });
    });
  }
}
