import type {} from "@fastify/websocket";
import { type ClientMessage, clientMessage, fromMinor, type ServerMessage } from "@tickfair/contract";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { authenticate } from "../auth/service";
import { userFigures } from "../ledger/service";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db";

const AUTH_TIMEOUT_MS = 10_000;

/**
 * The one WebSocket (`/api/ws`): a client authenticates with its first message and then receives its
 * own user's events. Sockets are kept per user in this process.
 */
export class RealtimeHub {
  readonly #sockets = new Map<bigint, Set<WebSocket>>();

  constructor(private readonly deps: { db: Db; clock: Clock; config: Config }) {}

  get connectedUsers(): number {
    return this.#sockets.size;
  }

  add(userId: bigint, socket: WebSocket): void {
    let set = this.#sockets.get(userId);
    if (!set) {
      set = new Set();
      this.#sockets.set(userId, set);
    }
    set.add(socket);
    socket.on("close", () => {
      set.delete(socket);
      if (set.size === 0) this.#sockets.delete(userId);
    });
  }

  send(userId: bigint, message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.#sockets.get(userId) ?? []) socket.send(text);
  }

  /** After a movement of the user's money commits: the personal center's figures as they now stand. */
  async accountChanged(userId: bigint): Promise<void> {
    if (!this.#sockets.has(userId)) return;
    const figures = await userFigures(
      this.deps.db,
      userId,
      this.deps.clock.now(),
      this.deps.config.PLATFORM_TZ,
    );
    this.send(userId, {
      type: "account.updated",
      summary: {
        totalAssets: fromMinor(figures.totalAssets),
        available: fromMinor(figures.available),
        frozen: fromMinor(figures.frozen),
        savings: fromMinor(figures.savings),
        accountPnl: fromMinor(figures.accountPnl),
        todayPnl: fromMinor(figures.todayPnl),
      },
    });
  }

  register(app: FastifyInstance, sessionIdleMs: number): void {
    app.get("/api/ws", { websocket: true, schema: { hide: true } }, (socket) => {
      const reply = (message: ServerMessage) => socket.send(JSON.stringify(message));
      let userId: bigint | null = null;
      const timer = setTimeout(() => socket.close(4401, "auth timeout"), AUTH_TIMEOUT_MS);
      socket.on("close", () => clearTimeout(timer));
      socket.on("message", (raw: Buffer) => {
        let message: ClientMessage;
        try {
          message = clientMessage.parse(JSON.parse(raw.toString()));
        } catch {
          reply({ type: "error", code: "VALIDATION_FAILED" });
          return;
        }
        if (message.type === "ping") {
          reply({ type: "pong" });
          return;
        }
        if (userId !== null) return;
        authenticate(this.deps.db, this.deps.clock, { sessionIdleMs }, message.token).then(
          ({ user }) => {
            clearTimeout(timer);
            userId = user.id;
            this.add(user.id, socket);
            reply({ type: "ready" });
          },
          () => {
            reply({ type: "error", code: "UNAUTHENTICATED" });
            socket.close(4401, "unauthenticated");
          },
        );
      });
    });
  }
}
