import type { AddressInfo } from "node:net";
import type { ChatMessage, ConversationPage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { onPostgres } from "../market/testing";
import { ManualClock } from "../platform/clock";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { heardSoFar, openOperatorSocket, openSignedInSocket, type TestSocket } from "../test/socket";
import { useTwoProcesses } from "../test/two-processes";

const socketUrl = (app: App) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;

async function chatMessages(socket: TestSocket, count: number): Promise<ChatMessage[]> {
  const received: ChatMessage[] = [];
  while (received.length < count) {
    const message = await socket.next();
    if (message.type === "chat.message") received.push(message.message);
  }
  return received;
}

describe.skipIf(!onPostgres())("a conversation across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 3, 0, 0)));
  const processes = useTwoProcesses(clock, { CHAT_MESSAGES_PER_MINUTE: 200 });

  it("delivers both sides' messages to sockets on either process in order, each once", async () => {
    const { a, b, context } = processes;
    const user = await registerAndLogin(context);
    const support = await operatorAuth(context, "support");
    const first = await a.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: user.auth,
      payload: { clientKey: "relay-first-0001", body: "first" },
    });
    expect(first.statusCode, first.body).toBe(201);
    const page = await b.inject({ url: "/api/v1/operator/chats?view=all", headers: support.headers });
    const conversationId =
      page.json<ConversationPage>().items.find((c) => c.user.account === user.registration.account)?.id ?? "";

    // The user's socket is held by A, the console's by B.
    const userSocket = await openSignedInSocket(socketUrl(a), user.token);
    userSocket.socket.send(JSON.stringify({ type: "chat.follow", after: "1" }));
    const token = (support.headers.authorization ?? "").replace(/^Bearer /, "");
    const console = await openOperatorSocket(socketUrl(b), token);
    console.socket.send(JSON.stringify({ type: "chat.follow", conversationId, after: "1" }));
    // Followed from seq 1: nothing to catch up yet (list refreshes may come; chat messages may not).
    for (const socket of [console, userSocket])
      expect((await heardSoFar(socket)).filter((m) => m.type === "chat.message")).toEqual([]);

    // Both sides write at once, through both processes.
    const writes = Array.from({ length: 40 }, (_, n) => {
      const app = n % 2 === 0 ? a : b;
      return n % 4 < 2
        ? app.inject({
            method: "POST",
            url: "/api/v1/chat/messages",
            headers: user.auth,
            payload: { clientKey: `relay-user-${n}-key`, body: `user ${n}` },
          })
        : app.inject({
            method: "POST",
            url: `/api/v1/operator/chats/${conversationId}/messages`,
            headers: support.headers,
            payload: { clientKey: `relay-op-${n}-key`, body: `support ${n}` },
          });
    });
    expect((await Promise.all(writes)).every((response) => response.statusCode === 201)).toBe(true);
    const expected = Array.from({ length: 40 }, (_, n) => String(n + 2));
    expect((await chatMessages(userSocket, 40)).map((m) => m.seq)).toEqual(expected);
    expect((await chatMessages(console, 40)).map((m) => m.seq)).toEqual(expected);
    for (const socket of [console, userSocket])
      expect((await heardSoFar(socket)).filter((m) => m.type === "chat.message")).toEqual([]);
    userSocket.socket.close();
    console.socket.close();
  });
});
