import WebSocket from "ws";

/** One trade as an exchange reported it: the price stays the exchange's decimal text, never a float. */
export interface ExchangeTrade {
  exchange: string;
  /** The exchange's own name of the market, e.g. "BTCUSDT" (Binance) or "BTC-USDT" (OKX). */
  instrument: string;
  tradeId: string;
  /** Decimal text as sent, e.g. "67012.35000000". */
  price: string;
  /** Decimal text as sent. */
  quantity: string;
  /** The exchange's trade time. */
  time: Date;
}

/** What one text frame from an exchange meant. */
export type ParsedFrame =
  | { kind: "trades"; trades: ExchangeTrade[] }
  | { kind: "subscribed" }
  /** The exchange refused something (a subscription): logged and counted, the connection kept. */
  | { kind: "refused"; message: string }
  /** The exchange announced it is going away: reconnect now rather than wait for the close. */
  | { kind: "reconnect" }
  /** Well-formed but of no interest (keepalive answers, other events). */
  | { kind: "ignored" }
  | { kind: "malformed" };

/** The parts that differ between exchanges; the connection handling is shared. */
export interface ExchangeProtocol {
  readonly exchange: string;
  /** The frames that subscribe to the trades of `instruments`, sent after every (re)connect. */
  subscribe(instruments: readonly string[]): string[];
  parse(text: string): ParsedFrame;
  /**
   * An application-level keepalive sent when the connection has been quiet for half the heartbeat
   * (OKX's text "ping"); without one a WebSocket ping frame is sent, which every server answers.
   */
  readonly keepalive?: string;
}

export interface SocketTimings {
  /**
   * A connection that receives nothing at all (not even a keepalive answer) for this long is reopened,
   * and so is one whose subscription is not acknowledged within it.
   */
  heartbeatMs: number;
  /** The first reconnect waits about this long; each failed attempt doubles it. */
  backoffBaseMs: number;
  /** No reconnect waits longer than this. */
  backoffMaxMs: number;
}

export const DEFAULT_TIMINGS: SocketTimings = {
  heartbeatMs: 20_000,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
};

/** Counters an operator (and a test) reads to see how a connection has behaved. */
export interface SocketStats {
  connects: number;
  subscribed: boolean;
  trades: number;
  malformed: number;
  refused: number;
  heartbeatTimeouts: number;
  /** Connections reopened because the subscription was never acknowledged. */
  subscribeTimeouts: number;
}

export interface SocketLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface ExchangeSocketOptions {
  url: string;
  protocol: ExchangeProtocol;
  instruments: readonly string[];
  onTrade: (trade: ExchangeTrade) => void;
  timings?: Partial<SocketTimings>;
  log?: SocketLog;
  /** In [0, 1): spreads reconnects so many clients do not return at the same moment. */
  random?: () => number;
}

/**
 * The delay before reconnect attempt `attempt` (0-based): exponential from `base`, capped at `max`,
 * with "equal jitter" (between half and all of the step) so it never drops to zero.
 */
export function backoffDelay(attempt: number, timings: SocketTimings, random: () => number): number {
  const step = Math.min(timings.backoffMaxMs, timings.backoffBaseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (step / 2) * random());
}

const quietLog: SocketLog = { info() {}, warn() {} };

/**
 * One connection to an exchange's public market-data WebSocket, kept open: it subscribes after every
 * connect, answers the server's pings (the ws library pongs with the ping's payload), sends a keepalive
 * when quiet, reopens a connection that stays silent past the heartbeat, and reconnects with capped
 * exponential backoff. A frame it cannot read is counted and skipped: one bad frame never ends a feed.
 */
export class ExchangeSocket {
  readonly stats: SocketStats = {
    connects: 0,
    subscribed: false,
    trades: 0,
    malformed: 0,
    refused: 0,
    heartbeatTimeouts: 0,
    subscribeTimeouts: 0,
  };
  readonly #options: ExchangeSocketOptions;
  readonly #timings: SocketTimings;
  readonly #log: SocketLog;
  readonly #random: () => number;
  #socket: WebSocket | null = null;
  #attempt = 0;
  #lastFrameAt = 0;
  #openedAt = 0;
  #keepaliveSent = false;
  #heartbeat: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #running = false;

  constructor(options: ExchangeSocketOptions) {
    this.#options = options;
    this.#timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.#log = options.log ?? quietLog;
    this.#random = options.random ?? Math.random;
  }

  get exchange(): string {
    return this.#options.protocol.exchange;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#connect();
  }

  stop(): void {
    this.#running = false;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#drop();
  }

  #connect(): void {
    this.#retry = null;
    if (!this.#running) return;
    const socket = new WebSocket(this.#options.url, { handshakeTimeout: this.#timings.heartbeatMs });
    this.#socket = socket;
    this.stats.subscribed = false;
    socket.on("open", () => {
      this.stats.connects += 1;
      this.#openedAt = Date.now();
      this.#touch();
      for (const frame of this.#options.protocol.subscribe(this.#options.instruments)) socket.send(frame);
    });
    socket.on("message", (data, isBinary) => {
      this.#touch();
      this.#receive(isBinary ? null : data.toString());
    });
    socket.on("ping", () => this.#touch());
    socket.on("pong", () => this.#touch());
    socket.on("error", (error) => {
      this.#log.warn({ err: error, exchange: this.exchange }, "market: exchange socket error");
    });
    socket.on("close", () => {
      if (socket !== this.#socket) return;
      this.#drop();
      this.#scheduleReconnect();
    });
    this.#touch();
    this.#heartbeat = setInterval(
      () => this.#checkHeartbeat(socket),
      Math.max(10, this.#timings.heartbeatMs / 4),
    );
    this.#heartbeat.unref();
  }

  #touch(): void {
    this.#lastFrameAt = Date.now();
    this.#keepaliveSent = false;
  }

  #receive(text: string | null): void {
    const frame = text === null ? ({ kind: "malformed" } as const) : this.#options.protocol.parse(text);
    switch (frame.kind) {
      case "trades":
        for (const trade of frame.trades) {
          this.stats.trades += 1;
          this.#options.onTrade(trade);
        }
        return;
      case "subscribed":
        // Only a subscription that took counts as a good connection: the backoff starts over.
        this.stats.subscribed = true;
        this.#attempt = 0;
        return;
      case "refused":
        this.stats.refused += 1;
        this.#log.warn({ exchange: this.exchange, message: frame.message }, "market: exchange refused");
        return;
      case "reconnect":
        this.#socket?.close();
        return;
      case "malformed":
        this.stats.malformed += 1;
        return;
      case "ignored":
        return;
    }
  }

  #checkHeartbeat(socket: WebSocket): void {
    if (socket !== this.#socket || socket.readyState !== WebSocket.OPEN) return;
    // Open but never subscribed (the request was lost, or answered by nothing): no trades would come.
    const unacknowledged = !this.stats.subscribed && this.#options.instruments.length > 0;
    if (unacknowledged && Date.now() - this.#openedAt >= this.#timings.heartbeatMs) {
      this.stats.subscribeTimeouts += 1;
      this.#log.warn({ exchange: this.exchange }, "market: subscription not acknowledged; reopening");
      socket.terminate();
      return;
    }
    const quiet = Date.now() - this.#lastFrameAt;
    if (quiet >= this.#timings.heartbeatMs) {
      this.stats.heartbeatTimeouts += 1;
      this.#log.warn(
        { exchange: this.exchange, quietMs: quiet },
        "market: exchange socket silent; reopening",
      );
      // terminate, not close: a silent peer would not answer the closing handshake either.
      socket.terminate();
      return;
    }
    if (quiet >= this.#timings.heartbeatMs / 2 && !this.#keepaliveSent) {
      this.#keepaliveSent = true;
      const keepalive = this.#options.protocol.keepalive;
      if (keepalive) socket.send(keepalive);
      else socket.ping();
    }
  }

  #drop(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    const socket = this.#socket;
    this.#socket = null;
    this.stats.subscribed = false;
    if (socket) {
      socket.removeAllListeners("close");
      socket.on("error", () => {});
      socket.terminate();
    }
  }

  #scheduleReconnect(): void {
    if (!this.#running || this.#retry) return;
    const delay = backoffDelay(this.#attempt, this.#timings, this.#random);
    this.#attempt += 1;
    this.#log.info({ exchange: this.exchange, delayMs: delay }, "market: exchange socket reconnecting");
    this.#retry = setTimeout(() => this.#connect(), delay);
    this.#retry.unref();
  }
}
