import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, vi } from "vitest";
import { WebSocket as NodeWebSocket, type WebSocketServer } from "ws";

/**
 * Node has no browser: for the test file it is called in, `window`, `localStorage` and `WebSocket` get
 * the few members the app's socket and session store use (ws's WebSocket speaks the browser API),
 * with `window.location` at `server`. The server is closed after the file's tests. Answers what the
 * stubbed localStorage holds.
 */
export function stubBrowserSocketGlobals(server: WebSocketServer): Map<string, string> {
  const listening = new Promise((resolve) => server.once("listening", resolve));
  const stored = new Map<string, string>();
  beforeAll(async () => {
    if (!server.address()) await listening;
    vi.stubGlobal("window", {
      location: { protocol: "http:", host: `127.0.0.1:${(server.address() as AddressInfo).port}` },
      addEventListener: () => {},
      removeEventListener: () => {},
    });
    vi.stubGlobal("WebSocket", NodeWebSocket);
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterAll(async () => {
    // Dropped while nothing is wanted any more: the app's socket stops instead of reconnecting.
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    vi.unstubAllGlobals();
  });
  return stored;
}

/** Waits until `condition` holds, checking every 20 ms; throws after `ms`. */
export async function until(condition: () => boolean, ms = 4_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
