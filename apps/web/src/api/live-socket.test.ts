import { SESSION_ENDED_CLOSE_CODE, type SessionResponse } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { stubBrowserSocketGlobals, until } from "../test/browser-socket-globals";

/**
 * The app's socket against a real WebSocket server that ends the session on `auth`, as the server
 * does once the session is over. Node has no browser: `window`, `localStorage` and `WebSocket` are
 * given the few members the socket and the session store use (ws's WebSocket speaks the browser API).
 */
const received: { connection: number; type: string }[] = [];
let connections = 0;
const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
server.on("connection", (socket) => {
  connections += 1;
  const connection = connections;
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as { type: string };
    received.push({ connection, type: message.type });
    if (message.type === "auth") socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
  });
});

const stored = stubBrowserSocketGlobals(server);

describe("live socket", () => {
  it("signs out on the session-ended close code and goes on without the dead token", async () => {
    // After the globals: the store reads localStorage when it is created.
    const { useSession, SESSION_STORAGE_KEY } = await import("../store/session");
    const { setAccountToken, wantTickers } = await import("./live-socket");
    const session = {
      token: "dead-token",
      expiresAt: "2026-01-12T08:00:00.000Z",
      user: { id: "1" },
    } as SessionResponse;
    useSession.getState().setSession(session);
    expect(stored.get(SESSION_STORAGE_KEY)).toContain("dead-token");

    const releaseTickers = wantTickers();
    setAccountToken("dead-token");
    await until(() => useSession.getState().token === null);
    expect(stored.get(SESSION_STORAGE_KEY)).not.toContain("dead-token");

    // The tickers are still wanted: one reconnection (after the 1 s backoff), which sends no token.
    await until(() => received.some((message) => message.connection === 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((message) => message.type === "auth")).toEqual([{ connection: 1, type: "auth" }]);
    expect(received.filter((message) => message.connection === 2)).toEqual([
      { connection: 2, type: "subscribe.tickers" },
    ]);
    expect(connections).toBe(2);
    releaseTickers();
    setAccountToken(null);
  });
});
