import type {} from "@fastify/websocket";
import {
  type AccountSummary,
  type ClientMessage,
  type Contract,
  clientMessage,
  type ServerMessage,
} from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
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
import type { Db } from "./db";
import { type RelayLog, type UserEvent, UserEventsRelay } from "./user-events";

const AUTH_TIMEOUT_MS = 10_000;
const TICKERS_EVERY_MS = 1000;
const BACKFILL_LIMIT = 1000;

interface Client {
  socket: WebSocket;
  userId: bigint | null;
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
  }

  get connectedClients(): number {
    return this.#clients.size;
  }

  /** Listens to recorded ticks: product subscribers get them at once, tickers at most once a second. */
  attachMarket(bus: MarketBus): void {
    this.#detachMarket = bus.onTicks((ticks) => this.#onTicks(ticks));
  }

  async detach(): Promise<void> {
    this.#detachMarket?.();
    if (this.#tickersTimer) clearTimeout(this.#tickersTimer);
    this.#tickersTimer = null;
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

  /** This process's sockets at once; the other processes' through the relay. */
  async #tell(event: UserEvent): Promise<void> {
    this.#relay.relay(event);
    await this.#deliver(event);
  }

  async #deliver(event: UserEvent): Promise<void> {
    if (event.type === "account") {
      for (const userId of event.userIds) {
        if (!this.#byUser.has(userId)) continue;
        this.#sendToUser(userId, { type: "account.updated", summary: await this.#summaryOf(userId) });
      }
      return;
    }
    const contracts = await this.#connectedOwnersContracts(event.contracts);
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
    for (const client of clients) client.socket.send(data, { binary: false });
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
          client.socket.close(4401, "unauthenticated");
          return;
        }
        clearTimeout(authTimer);
        client.userId = session.user.id;
        const set = this.#byUser.get(session.user.id) ?? new Set<Client>();
        set.add(client);
        this.#byUser.set(session.user.id, set);
        this.#send(client, { type: "ready" });
        return;
      }
    }
  }

  register(app: FastifyInstance, sessionIdleMs: number): void {
    app.get("/api/ws", { websocket: true, schema: { hide: true } }, (socket) => {
      const client: Client = { socket, userId: null, tickers: false, product: null };
      this.#clients.add(client);
      // A socket that neither authenticates nor subscribes to anything public is closed.
      const authTimer = setTimeout(() => {
        if (client.userId === null && !client.tickers && client.product === null)
          socket.close(4401, "auth timeout");
      }, AUTH_TIMEOUT_MS);
      socket.on("close", () => {
        clearTimeout(authTimer);
        this.#clients.delete(client);
        if (client.userId !== null) {
          const set = this.#byUser.get(client.userId);
          set?.delete(client);
          if (set?.size === 0) this.#byUser.delete(client.userId);
        }
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
