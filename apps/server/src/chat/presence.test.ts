import type { ServerMessage, UserConversation } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { type TestSocket, useListeningApp } from "../test/socket";
import { PRESENCE_LAPSES_MS, PRESENCE_REFRESH_MS } from "./presence";

const { t, userSocketOf, consoleSocketOf } = useListeningApp();

async function supportOnline(auth: Record<string, string>): Promise<boolean> {
  const answered = await t.app.inject({ url: "/api/v1/chat", headers: auth });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json<UserConversation>().supportOnline;
}

/** The next presence the user's page hears, skipping other messages. */
async function nextPresence(socket: TestSocket): Promise<boolean> {
  for (;;) {
    const message: ServerMessage = await socket.next();
    if (message.type === "chat.presence") return message.online;
  }
}

const desk = (socket: TestSocket, open: boolean) =>
  socket.socket.send(JSON.stringify({ type: "chat.desk", open }));

/** What each server process does every few seconds: refresh open desks, tell a lapse. */
const refresh = () => t.app.tickfair.chatPresence.run();

describe("support's presence on the user's chat page", () => {
  it("is online exactly while an operator who answers chats has the desk open, told live both ways", async () => {
    const user = await registerAndLogin(t);
    expect(await supportOnline(user.auth)).toBe(false);
    const page = await userSocketOf(user.token);
    page.socket.send(JSON.stringify({ type: "chat.follow", after: "0" }));
    expect(await nextPresence(page)).toBe(false);

    // A console whose role does not answer chats is nobody's support.
    const finance = await consoleSocketOf((await operatorAuth(t, "finance")).headers);
    desk(finance, true);
    expect(await finance.next()).toEqual({ type: "error", code: "NOT_FOUND" });
    expect(await supportOnline(user.auth)).toBe(false);

    const support = await consoleSocketOf((await operatorAuth(t, "support")).headers);
    desk(support, true);
    expect(await nextPresence(page)).toBe(true);
    expect(await supportOnline(user.auth)).toBe(true);

    // An open desk stays online however long it is open: its process refreshes it.
    for (let round = 0; round < 6; round += 1) {
      t.clock.advance(PRESENCE_REFRESH_MS);
      await refresh();
    }
    expect(await supportOnline(user.auth)).toBe(true);

    desk(support, false);
    await support.nothingElse();
    t.clock.advance(PRESENCE_LAPSES_MS + 1);
    await refresh();
    expect(await nextPresence(page)).toBe(false);
    expect(await supportOnline(user.auth)).toBe(false);
    for (const socket of [page, finance, support]) socket.socket.close();
  });

  it("is online when an operator answers, even with no desk open on a socket, and the page hears it", async () => {
    t.clock.advance(PRESENCE_LAPSES_MS + 1);
    await refresh();
    const user = await registerAndLogin(t);
    const page = await userSocketOf(user.token);
    page.socket.send(JSON.stringify({ type: "chat.follow", after: "0" }));
    expect(await nextPresence(page)).toBe(false);
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: user.auth,
      payload: { clientKey: "presence-question", body: "Is anyone there?" },
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const support = await operatorAuth(t, "support");
    const list = await t.app.inject({
      url: "/api/v1/operator/chats?view=all&state=open",
      headers: support.headers,
    });
    const conversation = list
      .json<{ items: { id: string; user: { account: string } }[] }>()
      .items.find((item) => item.user.account === user.registration.account);
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/chats/${conversation?.id}/messages`,
      headers: support.headers,
      payload: { clientKey: "presence-answer", body: "Yes, how can I help?", note: false },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(await nextPresence(page)).toBe(true);
    expect(await supportOnline(user.auth)).toBe(true);
    page.socket.close();
  });
});
