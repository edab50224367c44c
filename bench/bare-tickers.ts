/**
 * The machine's floor under the tickers lag: a bare `ws` server with none of the app (no database, no
 * feed, no sessions) that answers a client's first message and then, once a second, sends every client
 * the same tickers message the app sent (same items, a fresh `at`), encoded once, as the app does.
 * bench/ws-clients.ts measures it exactly as it measures the app, so the difference between the two
 * figures is what the app adds, and the floor itself is what this machine's loopback and processors
 * allow.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface BareTickersServer {
  /** e.g. ws://127.0.0.1:41234/api/ws */
  url: string;
  close(): Promise<void>;
}

export async function startBareTickersServer(items: readonly unknown[]): Promise<BareTickersServer> {
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const sockets = new WebSocketServer({ server, path: "/api/ws" });
  const listeners = new Set<WebSocket>();
  sockets.on("connection", (socket) => {
    socket.once("message", () => {
      listeners.add(socket);
      socket.send(JSON.stringify({ type: "ready" }));
    });
    socket.on("close", () => listeners.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const timer = setInterval(() => {
    if (listeners.size === 0) return;
    const data = Buffer.from(JSON.stringify({ type: "tickers", at: new Date().toISOString(), items }));
    for (const socket of listeners) socket.send(data, { binary: false });
  }, 1000);
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/api/ws`,
    close: async () => {
      clearInterval(timer);
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
