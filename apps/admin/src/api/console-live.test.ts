import { socketTestServer, until } from "@tickfair/browser/socket-test-server";
import { SESSION_ENDED_CLOSE_CODE } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { connectConsoleLive, type LiveStatus } from "./console-live";

/**
 * The console's live socket against a real WebSocket server that plays the API's part: it answers
 * `operator.auth` with "ready", and the test sends queue events, drops connections or ends the session.
 */
const { connections, url } = socketTestServer<{ type: string; token?: string }>((socket, message) => {
  if (message.type === "operator.auth") socket.send(JSON.stringify({ type: "ready" }));
});

function watch() {
  const statuses: LiveStatus[] = [];
  const changes: string[][] = [];
  let ended = 0;
  const handlers = {
    onStatus: (status: LiveStatus) => statuses.push(status),
    onQueuesChanged: (queues: readonly string[]) => changes.push([...queues]),
    onSessionEnded: () => {
      ended += 1;
    },
    retryDelay: () => 20,
  };
  return { handlers, statuses, changes, ended: () => ended };
}

describe("the console's live socket", () => {
  it("signs in as the operator, tells queue changes, and after a drop reconnects and refreshes everything", async () => {
    const seen = watch();
    const before = connections.length;
    const connection = connectConsoleLive("operator-token", url(), seen.handlers);
    await until(() => seen.statuses.includes("live"));
    const first = connections[before];
    expect(first?.received[0]).toEqual({ type: "operator.auth", token: "operator-token" });
    expect(seen.changes).toEqual([]);

    first?.socket.send(
      JSON.stringify({
        type: "queue.changed",
        queue: "withdrawals",
        id: "7",
        status: "under_review",
        awaitingSecondApproval: false,
      }),
    );
    await until(() => seen.changes.length === 1);
    expect(seen.changes).toEqual([["withdrawals"]]);

    // A server restart: the socket comes back by itself, signs in again, and lists are asked for anew.
    first?.socket.terminate();
    await until(() => connections.length === before + 2 && seen.changes.length === 2);
    expect(connections[before + 1]?.received[0]).toEqual({ type: "operator.auth", token: "operator-token" });
    expect(seen.changes[1]).toEqual(["deposits", "withdrawals", "verifications", "chats"]);
    expect(seen.statuses).toEqual(["connecting", "live", "reconnecting", "live"]);
    connection.close();
  });

  it("follows a conversation once signed in, passes its events on, and follows again after a drop", async () => {
    const seen = watch();
    const before = connections.length;
    const events: string[] = [];
    let changed = 0;
    let after = "0";
    const connection = connectConsoleLive("chat-token", url(), {
      ...seen.handlers,
      // What the page does: (re)follow from the last seq it has whenever the socket is signed in.
      onReady: () => connection.send({ type: "chat.follow", conversationId: "9", after }),
      onChatEvent: (event) => {
        events.push(event.type);
        if (event.type === "chat.message") after = event.message.seq;
      },
      onChatsChanged: () => {
        changed += 1;
      },
    });
    expect(connection.send({ type: "chat.typing", conversationId: "9" })).toBe(false);
    await until(() => connections[before]?.received.length === 2);
    const first = connections[before];
    expect(first?.received[1]).toEqual({ type: "chat.follow", conversationId: "9", after: "0" });

    const message = { seq: "4", author: "user", operator: null, body: "hi", clientKey: null, at: "" };
    first?.socket.send(JSON.stringify({ type: "chat.message", conversationId: "9", message }));
    first?.socket.send(JSON.stringify({ type: "chat.typing", conversationId: "9", side: "user" }));
    first?.socket.send(JSON.stringify({ type: "chats.changed", conversationIds: ["9"] }));
    await until(() => events.length === 2 && changed === 1);
    expect(events).toEqual(["chat.message", "chat.typing"]);
    expect(connection.send({ type: "chat.typing", conversationId: "9" })).toBe(true);

    first?.socket.terminate();
    await until(() => connections[before + 1]?.received.length === 2);
    expect(connections[before + 1]?.received[1]).toEqual({
      type: "chat.follow",
      conversationId: "9",
      after: "4",
    });
    connection.close();
  });

  it("tells the board when the book moved, and after a drop as if orders came in", async () => {
    const seen = watch();
    const before = connections.length;
    const moved: boolean[] = [];
    const connection = connectConsoleLive("risk-token", url(), {
      ...seen.handlers,
      onRiskChanged: (placed) => moved.push(placed),
    });
    await until(() => seen.statuses.includes("live"));
    const first = connections[before];
    first?.socket.send(JSON.stringify({ type: "risk.changed", placed: false }));
    first?.socket.send(JSON.stringify({ type: "risk.changed", placed: true }));
    await until(() => moved.length === 2);
    expect(moved).toEqual([false, true]);

    // Orders may have been placed while the socket was away: the board and the desk ask again.
    first?.socket.terminate();
    await until(() => moved.length === 3);
    expect(moved[2]).toBe(true);
    connection.close();
  });

  it("stops for good when the server ends the session", async () => {
    const seen = watch();
    const before = connections.length;
    connectConsoleLive("ended-token", url(), seen.handlers);
    await until(() => seen.statuses.includes("live"));
    connections[before]?.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
    await until(() => seen.ended() === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections.length).toBe(before + 1);
    expect(seen.statuses).toEqual(["connecting", "live"]);
  });
});
