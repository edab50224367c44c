import {
  type ClientMessage,
  type ReviewQueueName,
  SESSION_ENDED_CLOSE_CODE,
  type ServerMessage,
  UNAUTHENTICATED_CLOSE_CODE,
} from "@tickfair/contract";

/**
 * The console's one WebSocket to /api/ws, signed in with the operator's session: the server tells it
 * when a review queue changes (a deposit, withdrawal or verification entered it, got a first
 * confirmation, or left it), only if the operator's role reviews that queue, and, to operators who
 * answer chats, when a conversation changes and what the followed conversation says. It reconnects
 * with backoff after a drop and closes for good when the server ends the session.
 */

export type LiveStatus = "connecting" | "live" | "reconnecting";

/** Every queue the server announces: what a reconnection refreshes, since anything may have moved. */
export const ALL_REVIEW_QUEUES: readonly ReviewQueueName[] = [
  "deposits",
  "withdrawals",
  "verifications",
  "chats",
];

/** What the followed conversation tells: its messages, the user's read marker, the user typing. */
export type ChatEvent = Extract<ServerMessage, { type: "chat.message" | "chat.read" | "chat.typing" }>;

/** Proxies close a silent connection after a minute or so: a ping every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** ws(s)://<this host>/api/ws */
export function realtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
}

export interface ConsoleLiveHandlers {
  onStatus(status: LiveStatus): void;
  /** These queues changed, or may have while the socket was away (after a reconnection: all). */
  onQueuesChanged(queues: readonly ReviewQueueName[]): void;
  /** The server ended the session or refused its token: the socket does not come back. */
  onSessionEnded(): void;
  /**
   * The socket is signed in, first or again: a follow sent before a drop is gone with the old
   * connection and must be sent again.
   */
  onReady?(): void;
  /** Conversations changed (a message, assigned, resolved): the inbox's lists are asked for again. */
  onChatsChanged?(): void;
  onChatEvent?(event: ChatEvent): void;
  /** For tests: the delay before reconnect attempt `attempt`. */
  retryDelay?(attempt: number): number;
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

export interface ConsoleLiveConnection {
  /** Sends when the socket is signed in; answers false otherwise (onReady tells when to try again). */
  send(message: ClientMessage): boolean;
  /** Closes the socket for good. */
  close(): void;
}

/** Opens the socket for the session `token` at `url`. */
export function connectConsoleLive(
  token: string,
  url: string,
  handlers: ConsoleLiveHandlers,
): ConsoleLiveConnection {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let everReady = false;
  let ready = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const delay = handlers.retryDelay ?? ((n: number) => backoffDelay(n));

  const send = (ws: WebSocket, message: ClientMessage) => ws.send(JSON.stringify(message));

  const clearTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(retry);
    heartbeat = undefined;
    retry = undefined;
  };

  const scheduleReconnect = (wait: number) => {
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
      ws = new WebSocket(url);
    } catch {
      scheduleReconnect(delay(attempt));
      return;
    }
    socket = ws;
    ws.onopen = () => {
      send(ws, { type: "operator.auth", token });
      heartbeat = setInterval(() => send(ws, { type: "ping" }), HEARTBEAT_MS);
    };
    ws.onmessage = (event) => {
      const message = parse(event.data);
      if (message?.type === "ready") {
        attempt = 0;
        ready = true;
        handlers.onStatus("live");
        // Whatever changed while the socket was away was not told: the lists are asked for again.
        if (everReady) handlers.onQueuesChanged(ALL_REVIEW_QUEUES);
        everReady = true;
        handlers.onReady?.();
      } else if (message?.type === "queue.changed") {
        handlers.onQueuesChanged([message.queue]);
      } else if (message?.type === "chats.changed") {
        handlers.onChatsChanged?.();
      } else if (
        message?.type === "chat.message" ||
        message?.type === "chat.read" ||
        message?.type === "chat.typing"
      ) {
        handlers.onChatEvent?.(message);
      }
    };
    ws.onclose = (event) => {
      if (socket === ws) {
        socket = null;
        ready = false;
      }
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (stopped) return;
      if (event.code === SESSION_ENDED_CLOSE_CODE || event.code === UNAUTHENTICATED_CLOSE_CODE) {
        stop();
        handlers.onSessionEnded();
        return;
      }
      handlers.onStatus("reconnecting");
      scheduleReconnect(delay(attempt));
    };
    // onerror is always followed by onclose, which reconnects.
  }

  /** Back online: no need to wait out the backoff. */
  const online = () => {
    if (socket === null && !stopped) {
      attempt = 0;
      scheduleReconnect(0);
    }
  };

  function stop() {
    stopped = true;
    ready = false;
    clearTimers();
    window.removeEventListener("online", online);
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close(1000);
    }
  }

  window.addEventListener("online", online);
  handlers.onStatus("connecting");
  open();
  return {
    send: (message) => {
      if (!ready || socket === null || socket.readyState !== WebSocket.OPEN) return false;
      send(socket, message);
      return true;
    },
    close: stop,
  };
}
