import type { ClientMessage, ServerMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { backoffDelay, keepSocketOpen, realtimeUrl, type SocketState } from "./socket";
import { socketTestServer, until } from "./socket-test-server";

/** The reconnecting socket against a real WebSocket server; the test drops connections. */
const { connections, onlineListeners, url } = socketTestServer<ClientMessage>();

describe("the reconnecting socket", () => {
  it("says hello on every connection, passes messages on, and comes back after a drop", async () => {
    const before = connections.length;
    const states: SocketState[] = [];
    const messages: ServerMessage["type"][] = [];
    const attempts: number[] = [];
    const session = keepSocketOpen({
      url,
      onOpen: (socket) => socket.send({ type: "subscribe.tickers" }),
      onMessage: (message) => messages.push(message.type),
      onState: (state) => states.push(state),
      retryDelay: (attempt) => {
        attempts.push(attempt);
        return 20;
      },
    });
    await until(() => connections[before]?.received.length === 1);
    connections[before]?.socket.send(JSON.stringify({ type: "ready" }));
    connections[before]?.socket.send("not json");
    await until(() => messages.length === 1);
    expect(messages).toEqual(["ready"]);

    connections[before]?.socket.terminate();
    await until(() => connections[before + 1]?.received.length === 1);
    expect(connections[before + 1]?.received).toEqual([{ type: "subscribe.tickers" }]);
    // Not marked healthy: the next drop waits longer.
    connections[before + 1]?.socket.terminate();
    await until(() => connections[before + 2]?.received.length === 1);
    expect(attempts).toEqual([0, 1]);
    expect(states).toEqual(["open", "retrying", "open", "retrying", "open"]);

    session.stop();
    expect(session.send({ type: "ping" })).toBe(false);
    expect(states.at(-1)).toBe("stopped");
    expect(onlineListeners.size).toBe(0);
  });

  it("starts again from the shortest delay once marked healthy, and at once when back online", async () => {
    const before = connections.length;
    const attempts: number[] = [];
    const session = keepSocketOpen({
      url,
      onOpen: (socket) => socket.markHealthy(),
      onMessage: () => {},
      retryDelay: (attempt) => {
        attempts.push(attempt);
        return attempt === 0 ? 20 : 60_000;
      },
    });
    await until(() => connections.length === before + 1);
    connections[before]?.socket.terminate();
    await until(() => connections.length === before + 2);
    connections[before + 1]?.socket.terminate();
    await until(() => connections.length === before + 3);
    expect(attempts).toEqual([0, 0]);

    // A drop whose retry is far off: the browser coming back online does not wait for it.
    const slow = keepSocketOpen({
      url,
      onOpen: () => {},
      onMessage: () => {},
      retryDelay: () => 60_000,
    });
    await until(() => connections.length === before + 4);
    connections[before + 3]?.socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections.length).toBe(before + 4);
    for (const listener of [...onlineListeners]) listener();
    await until(() => connections.length === before + 5);
    slow.stop();
    session.stop();
  });

  it("stopped while still connecting, lets the connection open, then closes it and says nothing", async () => {
    const before = connections.length;
    const opened: number[] = [];
    const session = keepSocketOpen({ url, onOpen: () => opened.push(1), onMessage: () => {} });
    session.stop();
    await until(() => connections.length === before + 1);
    // Closed by the client, as a close frame: the server's side ends cleanly.
    await until(() => connections[before]?.socket.readyState === connections[before]?.socket.CLOSED);
    expect(opened).toEqual([]);
    expect(session.send({ type: "ping" })).toBe(false);
  });

  it("stops for good when the app says a close is final", async () => {
    const before = connections.length;
    const states: SocketState[] = [];
    const session = keepSocketOpen({
      url,
      onOpen: () => {},
      onMessage: () => {},
      onState: (state) => states.push(state),
      reconnectAfter: (event) => event.code !== 4001,
      retryDelay: () => 20,
    });
    await until(() => connections.length === before + 1);
    connections[before]?.socket.close(4001, "session ended");
    await until(() => states.includes("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections.length).toBe(before + 1);
    expect(states).toEqual(["open", "stopped"]);
    expect(session.send({ type: "ping" })).toBe(false);
  });

  it("connects to the same host, wss on https", () => {
    expect(realtimeUrl({ protocol: "https:", host: "x.example:8443" })).toBe("wss://x.example:8443/api/ws");
    expect(realtimeUrl({ protocol: "http:", host: "127.0.0.1:8181" })).toBe("ws://127.0.0.1:8181/api/ws");
  });

  it("backs off 1 s, 2 s, 4 s … up to 30 s, with ±20 % jitter", () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });
});
