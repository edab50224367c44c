import type { ClientMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { type WebSocket as ServerSocket, WebSocketServer } from "ws";
import { stubBrowserSocketGlobals, until } from "../test/browser-socket-globals";

/**
 * The chat page's follow over the app's socket (live-socket.ts) against a real WebSocket server that
 * answers `auth` with "ready" a moment later, as the server does once it has checked the token. The
 * globals are stubbed as in live-socket.test.ts.
 */
const received: { connection: number; message: ClientMessage }[] = [];
const sockets: ServerSocket[] = [];
const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
server.on("connection", (socket) => {
  sockets.push(socket);
  const connection = sockets.length;
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as ClientMessage;
    received.push({ connection, message });
    if (message.type === "auth") setTimeout(() => socket.send(JSON.stringify({ type: "ready" })), 50);
  });
});

stubBrowserSocketGlobals(server);

const typesOn = (connection: number) =>
  received.filter((entry) => entry.connection === connection).map((entry) => entry.message.type);
const follows = () =>
  received.flatMap(({ connection, message }) =>
    message.type === "chat.follow" ? [{ connection, after: message.after }] : [],
  );

describe("chat over the live socket", () => {
  it("follows once signed in, and again from the last seq after every reconnection", async () => {
    const { setAccountToken, wantChat, sendChatTyping } = await import("./live-socket");
    let lastSeq = "0";
    setAccountToken("user-token");
    const stopFollowing = wantChat({ after: () => lastSeq });

    // Not before the server took the token: a follow sent earlier would be refused.
    await until(() => follows().length === 1);
    expect(typesOn(1)).toEqual(["auth", "chat.follow"]);
    expect(follows()).toEqual([{ connection: 1, after: "0" }]);

    sendChatTyping();
    await until(() => typesOn(1).includes("chat.typing"));
    expect(received.at(-1)?.message).toEqual({ type: "chat.typing" });

    // Messages 1–7 reached the page; the connection drops: the next one follows from 7.
    lastSeq = "7";
    sockets[0]?.terminate();
    await until(() => follows().length === 2);
    expect(typesOn(2)).toEqual(["auth", "chat.follow"]);
    expect(follows()[1]).toEqual({ connection: 2, after: "7" });

    // The page left: a later reconnection follows nothing.
    stopFollowing();
    sockets[1]?.terminate();
    await until(() => typesOn(3).includes("auth"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(typesOn(3)).toEqual(["auth"]);
    expect(follows()).toHaveLength(2);

    // Opened again: it follows at once on the connection that is there.
    lastSeq = "9";
    const stopAgain = wantChat({ after: () => lastSeq });
    await until(() => follows().length === 3);
    expect(follows()[2]).toEqual({ connection: 3, after: "9" });
    stopAgain();
    setAccountToken(null);
  }, 15_000);
});
