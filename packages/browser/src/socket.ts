import type { ClientMessage, ServerMessage } from "@tickfair/contract";

/**
 * The reconnecting WebSocket both apps keep to /api/ws. What a connection says when it opens and
 * what it does with each message stay with the app; this keeps it open.
 */

/** Proxies close a silent connection after a minute or so: a ping every 25 s keeps it open. */
export const HEARTBEAT_MS = 25_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** ws(s)://<this host>/api/ws */
export function realtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
}

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return typeof value === "object" && value !== null && typeof value.type === "string"
      ? (value as ServerMessage)
      : null;
  } catch {
    return null;
  }
}

export interface SocketSession {
  /** Sends when the socket is open; answers whether it was sent. */
  send(message: ClientMessage): boolean;
  /** The connection does what it is for: the next drop retries after the shortest delay again. */
  markHealthy(): void;
  /** Closes the socket for good. */
  stop(): void;
}

/** open: connected; retrying: dropped, a reconnection is scheduled; stopped: closed for good. */
export type SocketState = "open" | "retrying" | "stopped";

export interface SocketHandlers {
  /** Where to connect, asked before each (re)connection. */
  url(): string;
  /** Each (re)connection: authenticate or subscribe here. */
  onOpen(session: SocketSession): void;
  onMessage(message: ServerMessage, session: SocketSession): void;
  /** Whether to reconnect after this close; by default always. */
  reconnectAfter?(event: CloseEvent): boolean;
  onState?(state: SocketState): void;
  /** The delay before reconnect attempt `attempt` (tests shorten it); by default backoffDelay. */
  retryDelay?(attempt: number): number;
}

/**
 * Keeps one WebSocket open until `stop()`: pings every 25 s, reconnects with backoff after a drop,
 * at once when the browser comes back online.
 */
export function keepSocketOpen(handlers: SocketHandlers): SocketSession {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const delay = handlers.retryDelay ?? ((n: number) => backoffDelay(n));

  const clearTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(retry);
    heartbeat = undefined;
    retry = undefined;
  };

  const session: SocketSession = {
    send(message) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    markHealthy() {
      attempt = 0;
    },
    stop() {
      stopped = true;
      clearTimers();
      handlers.onState?.("stopped");
      window.removeEventListener("online", online);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        // Closing one still connecting aborts it, which the browser reports as a failed connection (and
        // ws, in Node, throws): it opens first, then closes.
        if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
        else ws.close(1000);
      }
    },
  };

  const scheduleReconnect = (wait = delay(attempt)) => {
    if (stopped) return;
    clearTimers();
    attempt += 1;
    retry = setTimeout(open, wait);
  };

  function open() {
    if (stopped) return;
    clearTimers();
    let ws: WebSocket;
    try {
      ws = new WebSocket(handlers.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      handlers.onState?.("open");
      handlers.onOpen(session);
      heartbeat = setInterval(() => session.send({ type: "ping" }), HEARTBEAT_MS);
    };
    ws.onmessage = (event) => {
      const message = parse(event.data);
      if (message) handlers.onMessage(message, session);
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (handlers.reconnectAfter?.(event) ?? true) {
        handlers.onState?.("retrying");
        scheduleReconnect();
      } else session.stop();
    };
    // onerror is always followed by onclose, which reconnects.
  }

  /** Back online: no need to wait out the backoff. */
  function online() {
    if (socket === null && !stopped) {
      attempt = 0;
      scheduleReconnect(0);
    }
  }

  window.addEventListener("online", online);
  open();
  return session;
}
