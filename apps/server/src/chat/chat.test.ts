import type {
  CannedReply,
  ChatHistory,
  ChatMessage,
  ConversationContext,
  ConversationPage,
  ServerMessage,
  UserConversation,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { heardSoFar, type TestSocket, useListeningApp } from "../test/socket";
import { uploadChatPhoto } from "../test/verification-fixtures";

const { t, userSocketOf, consoleSocketOf } = useListeningApp({ CHAT_MESSAGES_PER_MINUTE: 30 });

let keys = 0;
const clientKey = () => `key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;
const send = (auth: Record<string, string>, body: string, key = clientKey()) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/chat/messages",
    headers: auth,
    payload: { clientKey: key, body },
  });

const answer = (headers: Record<string, string>, conversationId: string, body: string, note = false) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/operator/chats/${conversationId}/messages`,
    headers,
    payload: { clientKey: clientKey(), body, note },
  });

async function summary(auth: Record<string, string>): Promise<UserConversation> {
  const answered = await t.app.inject({ url: "/api/v1/chat", headers: auth });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json<UserConversation>();
}

async function history(auth: Record<string, string>, query = ""): Promise<ChatHistory> {
  const answered = await t.app.inject({ url: `/api/v1/chat/messages${query}`, headers: auth });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json<ChatHistory>();
}

async function inbox(headers: Record<string, string>, query: string): Promise<ConversationPage> {
  const answered = await t.app.inject({ url: `/api/v1/operator/chats?${query}`, headers });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json<ConversationPage>();
}

/** The next chat message the socket is sent, skipping other kinds. */
async function nextChat(socket: TestSocket): Promise<ChatMessage> {
  for (;;) {
    const message = await socket.next();
    if (message.type === "chat.message") return message.message;
  }
}

async function follow(socket: TestSocket, after: string, conversationId?: string) {
  socket.socket.send(
    JSON.stringify({ type: "chat.follow", after, ...(conversationId ? { conversationId } : {}) }),
  );
}

async function conversationOf(headers: Record<string, string>, account: string): Promise<string> {
  const page = await inbox(headers, "view=all&state=open");
  const found = page.items.find((item) => item.user.account === account);
  if (!found) throw new Error(`no conversation of ${account}`);
  return found.id;
}

describe("a conversation with support", () => {
  it("carries a question to the console and the answer back, live, with unread counts and read ticks", async () => {
    const user = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    const userSocket = await userSocketOf(user.token);
    await follow(userSocket, "0");

    const asked = await send(user.auth, "How do I change my bank card?");
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await nextChat(userSocket)).toMatchObject({
      seq: "1",
      author: "user",
      body: "How do I change my bank card?",
    });

    const waiting = (await inbox(support.headers, "view=unassigned&state=open")).items.find(
      (item) => item.user.account === user.registration.account,
    );
    expect(waiting).toMatchObject({
      assignee: null,
      unread: 1,
      lastMessage: "How do I change my bank card?",
    });
    expect(waiting?.waitingSince).not.toBeNull();
    const conversationId = waiting?.id ?? "";

    const console = await consoleSocketOf(support.headers);
    await follow(console, "0", conversationId);
    expect(await nextChat(console)).toMatchObject({ seq: "1", author: "user" });

    const replied = await answer(
      support.headers,
      conversationId,
      "Please write to us with the new card's last four digits.",
    );
    expect(replied.statusCode, replied.body).toBe(201);
    const received = await nextChat(userSocket);
    expect(received).toMatchObject({ seq: "2", author: "operator", operator: null });
    expect(await nextChat(console)).toMatchObject({
      seq: "2",
      author: "operator",
      operator: expect.any(String),
    });
    expect(await summary(user.auth)).toMatchObject({ unread: 1, supportReadSeq: "2", state: "open" });

    // The answer took the conversation and ended the wait.
    const taken = (await inbox(support.headers, "view=mine&state=open")).items.find(
      (item) => item.id === conversationId,
    );
    expect(taken).toMatchObject({ waitingSince: null, unread: 0 });

    const read = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/read",
      headers: user.auth,
      payload: { seq: "2" },
    });
    expect(read.statusCode).toBe(200);
    let tick: ServerMessage = await console.next();
    while (tick.type !== "chat.read") tick = await console.next();
    expect(tick).toEqual({ type: "chat.read", conversationId, side: "user", seq: "2" });
    expect((await summary(user.auth)).unread).toBe(0);
    userSocket.socket.close();
    console.socket.close();
  });

  it("keeps internal notes from the user, on the page and on the socket", async () => {
    const user = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    await send(user.auth, "Is my withdrawal late?");
    const conversationId = await conversationOf(support.headers, user.registration.account);
    const userSocket = await userSocketOf(user.token);
    await follow(userSocket, "1");
    expect(
      (await answer(support.headers, conversationId, "Checked with finance: paid at 10:02.", true))
        .statusCode,
    ).toBe(201);
    expect((await answer(support.headers, conversationId, "It was paid this morning.")).statusCode).toBe(201);

    expect(await nextChat(userSocket)).toMatchObject({ seq: "3", body: "It was paid this morning." });
    expect((await history(user.auth)).items.map((m) => m.body)).toEqual([
      "It was paid this morning.",
      "Is my withdrawal late?",
    ]);
    const seen = await t.app.inject({
      url: `/api/v1/operator/chats/${conversationId}/messages`,
      headers: support.headers,
    });
    expect(seen.json<ChatHistory>().items.map((m) => m.author)).toEqual(["operator", "note", "user"]);
    userSocket.socket.close();
  });

  it("stores a resent message once (the outbox's key), and sends every message once, in order, to a follower", async () => {
    const user = await registerAndLogin(t);
    const key = clientKey();
    expect((await send(user.auth, "Hello?", key)).statusCode).toBe(201);
    const again = await send(user.auth, "Hello?", key);
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>()).toMatchObject({ seq: "1", clientKey: key });

    const socket = await userSocketOf(user.token);
    await follow(socket, "0");
    const sent = await Promise.all(Array.from({ length: 20 }, (_, n) => send(user.auth, `burst ${n}`)));
    expect(sent.every((response) => response.statusCode === 201)).toBe(true);
    const seqs: string[] = [];
    while (seqs.length < 21) seqs.push((await nextChat(socket)).seq);
    expect(seqs).toEqual(Array.from({ length: 21 }, (_, n) => String(n + 1)));
    expect((await heardSoFar(socket)).filter((m) => m.type === "chat.message")).toEqual([]);

    // A reconnect after seq 15 gets 16–21 and nothing before.
    const reconnected = await userSocketOf(user.token);
    await follow(reconnected, "15");
    const backfilled: string[] = [];
    while (backfilled.length < 6) backfilled.push((await nextChat(reconnected)).seq);
    expect(backfilled).toEqual(["16", "17", "18", "19", "20", "21"]);
    socket.socket.close();
    reconnected.socket.close();
  });

  it("pages its history newest first", async () => {
    const user = await registerAndLogin(t);
    for (let n = 1; n <= 5; n++) await send(user.auth, `message ${n}`);
    const first = await history(user.auth, "?limit=2");
    expect(first.items.map((m) => m.seq)).toEqual(["5", "4"]);
    expect(first.hasMore).toBe(true);
    const rest = await history(user.auth, "?limit=10&before=4");
    expect(rest.items.map((m) => m.seq)).toEqual(["3", "2", "1"]);
    expect(rest.hasMore).toBe(false);
  });

  it("is reopened by the user's next message after it was resolved, and rated once", async () => {
    const user = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    await send(user.auth, "Thanks, solved.");
    const conversationId = await conversationOf(support.headers, user.registration.account);
    const resolve = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/chats/${conversationId}/resolve`,
      headers: support.headers,
    });
    expect(resolve.statusCode).toBe(200);
    expect(await summary(user.auth)).toMatchObject({ state: "resolved", canRate: true });

    const rate = (rating: number) =>
      t.app.inject({ method: "POST", url: "/api/v1/chat/rating", headers: user.auth, payload: { rating } });
    expect((await rate(5)).statusCode).toBe(200);
    const twice = await rate(4);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: "CHAT_NOT_RATEABLE" } });
    expect(
      (await inbox(support.headers, "view=all&state=resolved")).items.find((c) => c.id === conversationId)
        ?.rating,
    ).toBe(5);

    await send(user.auth, "One more question.");
    expect(await summary(user.auth)).toMatchObject({ state: "open", canRate: false });
    const reopened = (await inbox(support.headers, "view=all&state=open")).items.find(
      (c) => c.id === conversationId,
    );
    expect(reopened?.waitingSince).not.toBeNull();
  });

  it("refuses a user past the per-minute limit, storing nothing more", async () => {
    const user = await registerAndLogin(t);
    for (let n = 0; n < 30; n++) expect((await send(user.auth, `quick ${n}`)).statusCode).toBe(201);
    const refused = await send(user.auth, "one too many");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: "CHAT_RATE_LIMITED" } });
    expect((await history(user.auth, "?limit=1")).items[0]?.body).toBe("quick 29");
    t.clock.advance(61_000);
    expect((await send(user.auth, "after a minute")).statusCode).toBe(201);
  });

  it("shows no user another's conversation, and no operator outside support a conversation", async () => {
    const alice = await registerAndLogin(t);
    const bob = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    const finance = await operatorAuth(t, "finance");
    await send(alice.auth, "Alice's private question");
    const aliceConversation = await conversationOf(support.headers, alice.registration.account);

    expect((await history(bob.auth)).items).toEqual([]);
    // A user's follow names no conversation: whatever id Bob sends, he follows his own.
    const bobSocket = await userSocketOf(bob.token);
    await follow(bobSocket, "0", aliceConversation);
    await send(bob.auth, "Bob's own");
    expect(await nextChat(bobSocket)).toMatchObject({ body: "Bob's own" });

    const financeSocket = await consoleSocketOf(finance.headers);
    await follow(financeSocket, "0", aliceConversation);
    expect(await financeSocket.next()).toEqual({ type: "error", code: "NOT_FOUND" });
    expect((await t.app.inject({ url: "/api/v1/operator/chats", headers: finance.headers })).statusCode).toBe(
      403,
    );
    bobSocket.socket.close();
    financeSocket.socket.close();
  });

  it("shows support who they talk to: figures, verification, bound account and latest withdrawals", async () => {
    const user = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    await send(user.auth, "Where is my money?");
    const conversationId = await conversationOf(support.headers, user.registration.account);
    const answered = await t.app.inject({
      url: `/api/v1/operator/chats/${conversationId}/context`,
      headers: support.headers,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ConversationContext>()).toMatchObject({
      conversation: { id: conversationId, lastMessage: "Where is my money?" },
      user: { account: user.registration.account, verification: "not_submitted" },
      summary: { available: "0.00" },
      withdrawalAccount: null,
      recentWithdrawals: [],
    });
    const missing = await t.app.inject({
      url: "/api/v1/operator/chats/999999999/context",
      headers: support.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps canned replies per locale until one is deleted", async () => {
    const support = await operatorAuth(t, "support");
    const create = (locale: string, title: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/operator/canned-replies",
        headers: support.headers,
        payload: { locale, title, body: `${title} text` },
      });
    const greeting = (await create("en", "Greeting")).json<CannedReply>();
    await create("zh-CN", "问候");
    expect((await create("xx", "Bad locale")).statusCode).toBe(400);
    const english = await t.app.inject({
      url: "/api/v1/operator/canned-replies?locale=en",
      headers: support.headers,
    });
    expect(english.json<{ items: CannedReply[] }>().items.map((r) => r.title)).toContain("Greeting");
    expect(english.json<{ items: CannedReply[] }>().items.every((r) => r.locale === "en")).toBe(true);
    const removed = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/canned-replies/${greeting.id}/delete`,
      headers: support.headers,
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/v1/operator/canned-replies", headers: support.headers });
    expect(after.json<{ items: CannedReply[] }>().items.some((r) => r.id === greeting.id)).toBe(false);
  });

  it("carries a user's photo privately: links for the user's and support's sessions only, nobody else's photo", async () => {
    const user = await registerAndLogin(t);
    const stranger = await registerAndLogin(t);
    const support = await operatorAuth(t, "support");
    const photoId = await uploadChatPhoto(t.app, user.auth);

    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: stranger.auth,
      payload: { clientKey: clientKey(), photoId },
    });
    expect(theirs.statusCode).toBe(400);
    expect((await history(stranger.auth)).items).toEqual([]);
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: user.auth,
      payload: { clientKey: clientKey(), body: "  " },
    });
    expect(empty.statusCode).toBe(400);

    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: user.auth,
      payload: { clientKey: clientKey(), photoId },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const ownLink = sent.json<ChatMessage>().photo;
    expect(ownLink?.url).toMatch(/^\/api\/v1\/verification\/photos\//);
    const image = await t.app.inject({ url: ownLink?.url ?? "" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");

    const conversationId = await conversationOf(support.headers, user.registration.account);
    const seen = await t.app.inject({
      url: `/api/v1/operator/chats/${conversationId}/messages`,
      headers: support.headers,
    });
    const supportLink = seen.json<ChatHistory>().items[0]?.photo;
    expect(supportLink?.url).not.toBe(ownLink?.url);
    expect((await t.app.inject({ url: supportLink?.thumbnailUrl ?? "" })).statusCode).toBe(200);

    // Signed out, the user's links stop working at once.
    await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: user.auth });
    expect((await t.app.inject({ url: ownLink?.url ?? "" })).statusCode).toBe(404);
  });
});
