import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { type ExchangeProtocol, ExchangeSocket, type ExchangeTrade, type SocketTimings } from "./socket";

/** One client connection as the test server sees it. */
export interface ServerPeer {
  socket: WebSocket;
  /** What the client subscribed to, in the exchange's own words (streams, instrument ids). */
  subscriptions: Set<string>;
  received: string[];
  pongs: string[];
}

/**
 * The transport shared by the local exchange servers of the tests: a real WebSocket server on a free
 * port of 127.0.0.1. `silent` makes it a black hole (no answers, no pongs), as a hung exchange is.
 */
export class ProtocolServer {
  readonly peers: ServerPeer[] = [];
  silent = false;
  readonly #server: WebSocketServer;
  readonly #ready: Promise<void>;

  /** `port` 0: a free one (tests); a fixed one where the server under test was told where to connect. */
  constructor(onText: (peer: ServerPeer, text: string) => void, port = 0) {
    this.#server = new WebSocketServer({ host: "127.0.0.1", port, autoPong: false });
    this.#ready = new Promise((resolve) => this.#server.once("listening", () => resolve()));
    this.#server.on("connection", (socket) => {
      const peer: ServerPeer = { socket, subscriptions: new Set(), received: [], pongs: [] };
      this.peers.push(peer);
      socket.on("ping", (payload) => {
        if (!this.silent) socket.pong(payload);
      });
      socket.on("pong", (payload) => peer.pongs.push(payload.toString()));
      socket.on("message", (data) => {
        const text = data.toString();
        peer.received.push(text);
        if (!this.silent) onText(peer, text);
      });
    });
  }

  async url(path: string): Promise<string> {
    await this.#ready;
    const { port } = this.#server.address() as AddressInfo;
    return `ws://127.0.0.1:${port}${path}`;
  }

  /** The connections still open. */
  get open(): ServerPeer[] {
    return this.peers.filter((peer) => peer.socket.readyState === WebSocket.OPEN);
  }

  /** Sends `text` to every open connection subscribed to `subscription`. */
  push(subscription: string, text: string): number {
    const peers = this.open.filter((peer) => peer.subscriptions.has(subscription));
    for (const peer of peers) peer.socket.send(text);
    return peers.length;
  }

  /** Sends raw text to every open connection (malformed frames). */
  broadcast(text: string): void {
    for (const peer of this.open) peer.socket.send(text);
  }

  /** Cuts every connection without a closing handshake, as a dropped network does. */
  dropAll(): void {
    for (const peer of this.open) peer.socket.terminate();
  }

  ping(payload: string): void {
    for (const peer of this.open) peer.socket.ping(payload);
  }

  async close(): Promise<void> {
    for (const peer of this.peers) peer.socket.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Polls `check` until it holds (real sockets: events arrive when they arrive). */
export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Short enough to keep the tests quick, long enough that a busy machine does not trip the heartbeat.
const FAST: Partial<SocketTimings> = { heartbeatMs: 500, backoffBaseMs: 10, backoffMaxMs: 40 };

/**
 * Adapters' sockets opened against local protocol servers in a test file, each pair closed (socket
 * first) by `closeAll` after every test.
 */
export class AdapterSockets {
  private readonly cleanup: (() => unknown)[] = [];

  async connect<S extends ProtocolServer & { url(): Promise<string> }>(
    server: S,
    protocol: ExchangeProtocol,
    instruments: string[],
  ): Promise<{ server: S; socket: ExchangeSocket; trades: ExchangeTrade[] }> {
    const trades: ExchangeTrade[] = [];
    const socket = new ExchangeSocket({
      url: await server.url(),
      protocol,
      instruments,
      onTrade: (trade) => trades.push(trade),
      timings: FAST,
    });
    this.cleanup.push(
      () => server.close(),
      () => socket.stop(),
    );
    socket.start();
    return { server, socket, trades };
  }

  async closeAll(): Promise<void> {
    for (const step of this.cleanup.splice(0).reverse()) await step();
  }
}
