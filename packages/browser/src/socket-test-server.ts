import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, vi } from "vitest";
import { WebSocket as NodeWebSocket, type WebSocket as ServerSide, WebSocketServer } from "ws";
import { realtimeUrl } from "./socket";

/**
 * For a socket's tests: a real WebSocket server on a free local port, playing the API's part, which keeps
 * what each connection received (`answer` may reply). Node has no browser: while the tests run,
 * `window` (keeping its online/offline listeners) and `WebSocket` (ws speaks the browser API) get what
 * the socket uses.
 */
export function socketTestServer<Message>(answer?: (socket: ServerSide, message: Message) => void) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  const listening = new Promise((resolve) => server.once("listening", resolve));
  const connections: { socket: ServerSide; received: Message[] }[] = [];
  server.on("connection", (socket) => {
    const connection = { socket, received: [] as Message[] };
    connections.push(connection);
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as Message;
      connection.received.push(message);
      answer?.(socket, message);
    });
  });
  const onlineListeners = new Set<() => void>();
  let url = "";

  beforeAll(async () => {
    await listening;
    url = realtimeUrl({ protocol: "http:", host: `127.0.0.1:${(server.address() as AddressInfo).port}` });
    vi.stubGlobal("window", {
      addEventListener: (_: string, listener: () => void) => onlineListeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => onlineListeners.delete(listener),
    });
    vi.stubGlobal("WebSocket", NodeWebSocket);
  });
  afterAll(async () => {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
    vi.unstubAllGlobals();
  });

  return { connections, onlineListeners, url: () => url };
}

/** Waits until `condition` holds, polling, for at most `ms`. */
export async function until(condition: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
