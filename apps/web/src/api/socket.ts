import {
  keepSocketOpen as keepSharedSocketOpen,
  realtimeUrl,
  type SocketHandlers,
  type SocketSession,
} from "@tickfair/browser/socket";
import { reportSocketState } from "./network-state";

export type { SocketSession };

/**
 * Keeps one WebSocket to /api/ws open until `stop()` (the shared reconnect and backoff), telling the
 * offline banner how it stands. Every socket of the app is one of these.
 */
export function keepSocketOpen(handlers: Pick<SocketHandlers, "onOpen" | "onMessage" | "reconnectAfter">) {
  return keepSharedSocketOpen({
    ...handlers,
    url: () => realtimeUrl(window.location),
    onState: reportSocketState,
  });
}
