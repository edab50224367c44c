import { keepSocketOpen, type SocketSession } from "@tickfair/browser/socket";
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
 * answer chats, when a conversation changes and what the followed conversation says, and to every
 * console when the open book of contracts moves. It reconnects
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
  /**
   * The open book moved (contracts placed, opened, settled or voided; `placed`: new orders among
   * them), or may have while the socket was away: the exposure board and the order desk ask again.
   */
  onRiskChanged?(placed: boolean): void;
  /** Conversations changed (a message, assigned, resolved): the inbox's lists are asked for again. */
  onChatsChanged?(): void;
  onChatEvent?(event: ChatEvent): void;
  /** For tests: the delay before reconnect attempt `attempt`. */
  retryDelay?(attempt: number): number;
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
  let everReady = false;
  let ready = false;

  const onMessage = (message: ServerMessage, socket: SocketSession) => {
    if (message.type === "ready") {
      socket.markHealthy();
      ready = true;
      handlers.onStatus("live");
      // Whatever changed while the socket was away was not told: the lists are asked for again.
      if (everReady) {
        handlers.onQueuesChanged(ALL_REVIEW_QUEUES);
        handlers.onRiskChanged?.(true);
      }
      everReady = true;
      handlers.onReady?.();
    } else if (message.type === "queue.changed") {
      handlers.onQueuesChanged([message.queue]);
    } else if (message.type === "risk.changed") {
      handlers.onRiskChanged?.(message.placed);
    } else if (message.type === "chats.changed") {
      handlers.onChatsChanged?.();
    } else if (
      message.type === "chat.message" ||
      message.type === "chat.read" ||
      message.type === "chat.typing"
    ) {
      handlers.onChatEvent?.(message);
    }
  };

  handlers.onStatus("connecting");
  const session = keepSocketOpen({
    url: () => url,
    onOpen: (socket) => socket.send({ type: "operator.auth", token }),
    onMessage,
    reconnectAfter(event) {
      ready = false;
      if (event.code === SESSION_ENDED_CLOSE_CODE || event.code === UNAUTHENTICATED_CLOSE_CODE) {
        handlers.onSessionEnded();
        return false;
      }
      handlers.onStatus("reconnecting");
      return true;
    },
    retryDelay: handlers.retryDelay,
  });
  return {
    send: (message) => ready && session.send(message),
    close: () => {
      ready = false;
      session.stop();
    },
  };
}
