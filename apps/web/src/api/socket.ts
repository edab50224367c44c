import type { ClientMessage, ServerMessage } from "@tickfair/contract";
import { reportSocketState } from "./network-state";

/** The specification asks nothing of the socket beyond the 60 s timeouts; a ping every 25 s keeps proxies from closing it. */
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
  send(message: ClientMessage): void;
  /** The connection does what it is for: the next drop retries after the shortest delay again. */
  markHealthy(): void;
  /** Closes the socket for good. */
  stop(): void;
}

export interface SocketHandlers {
  /** Each (re)connection: authenticate or subscribe here. */
  onOpen(session: SocketSession): void;
  onMessage(message: ServerMessage, session: SocketSession): void;
  /** Whether to reconnect after this close; by default always. */
  reconnectAfter?(event: CloseEvent): boolean;
}

/**
 * Keeps one WebSocket to /api/ws open until `stop()`: pings every 25 s, reconnects with backoff after a
 * drop, at once when the browser comes back online. Every socket of the app is one of these.
 */
export function keepSocketOpen(handlers: SocketHandlers): SocketSession {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(retry);
    heartbeat = undefined;
    retry = undefined;
  };

  const session: SocketSession = {
    send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    markHealthy() {
      attempt = 0;
    },
    stop() {
      stopped = true;
      clearTimers();
      reportSocketState("stopped");
      window.removeEventListener("online", online);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        ws.close(1000);
      }
    },
  };

  const scheduleReconnect = (delay = backoffDelay(attempt)) => {
    if (stopped) return;
    clearTimers();
    attempt += 1;
    retry = setTimeout(open, delay);
  };

  function open() {
    if (stopped) return;
    clearTimers();
    let ws: WebSocket;
    try {
      ws = new WebSocket(realtimeUrl(window.location));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      reportSocketState("open");
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
        reportSocketState("retrying");
        scheduleReconnect();
      } else session.stop();
    };
    // onerror is always followed by onclose, which reconnects.
  }

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
