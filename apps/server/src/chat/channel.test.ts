import type { ServerMessage } from "@tickfair/contract";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { PrivatePeer, SocketIdentity } from "../platform/realtime-plugs";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { uploadChatPhoto } from "../test/verification-fixtures";
import { ConversationChannel } from "./channel";

const t = useTestApp();

it("sends a follower the messages a failed catch-up could not, in order, each once", async () => {
  const user = await registerAndLogin(t);
  const support = await operatorAuth(t, "support");
  const photoId = await uploadChatPhoto(t.app, user.auth);
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/v1/chat/messages",
    headers: user.auth,
    payload: { clientKey: "channel-photo", photoId },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const conversation = await t.db
    .selectFrom("conversations")
    .innerJoin("users", "users.id", "conversations.user_id")
    .select(["conversations.id", "conversations.user_id"])
    .where("users.account", "=", user.registration.account)
    .executeTakeFirstOrThrow();
  const answered = await t.app.inject({
    method: "POST",
    url: `/api/v1/operator/chats/${conversation.id}/messages`,
    headers: support.headers,
    payload: { clientKey: "channel-answer", body: "We see your screenshot.", note: false },
  });
  expect(answered.statusCode, answered.body).toBe(201);

  // A channel of its own, with one follower: this test's socket, as a process holds it.
  const failures: string[] = [];
  const channel = new ConversationChannel({
    db: t.db,
    clock: t.clock,
    log: { error: (_object, message) => failures.push(message) },
    typing: () => {},
    presenceMoved: () => {},
  });
  const identity: SocketIdentity = { realm: "user", userId: conversation.user_id, sessionTokenHash: "test" };
  const sent: ServerMessage[] = [];
  const peer: PrivatePeer = {
    identity: async () => identity,
    knownIdentity: () => identity,
    send: (message) => sent.push(message),
  };
  const chatSeqs = () =>
    sent.flatMap((message) => (message.type === "chat.message" ? [message.message.seq] : []));

  // A photo's message carries view links written as it is rendered: with their table away the render
  // fails, as any read does while the database is unreachable.
  await sql`alter table photo_view_tickets rename to photo_view_tickets_away`.execute(t.db);
  await channel.answer({ type: "chat.follow", after: "0" }, peer);
  expect(failures).toEqual(["chat: catching up failed"]);
  expect(chatSeqs()).toEqual([]);

  await sql`alter table photo_view_tickets_away rename to photo_view_tickets`.execute(t.db);
  await channel.moved([conversation.id]);
  expect(chatSeqs()).toEqual(["1", "2"]);
  await channel.moved([conversation.id]);
  expect(chatSeqs()).toEqual(["1", "2"]);
});
