import { createBroadcast } from "../messages/broadcasts";
import { recordNotice } from "../messages/notices";
import type { TestContext } from "./harness";

/** A personal notice in the user's inbox (a password change told), by its id. */
export async function noticeFor(t: TestContext, userId: bigint): Promise<string> {
  await recordNotice(t.db, userId, { kind: "password_changed" }, t.clock.now());
  const row = await t.db
    .selectFrom("inbox_messages")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A broadcast scheduled for the far future by the operator `operatorId`, by its id. */
export async function scheduledBroadcast(t: TestContext, operatorId: bigint): Promise<string> {
  const operator = await t.db
    .selectFrom("operators")
    .selectAll()
    .where("id", "=", operatorId)
    .executeTakeFirstOrThrow();
  const created = await createBroadcast(t.db, t.clock, operator, {
    translations: { "zh-CN": { title: "计划公告", body: "正文" } },
    publishAt: "2099-01-01T00:00:00Z",
    reason: "A scheduled notice",
  });
  return String(created.id);
}

/** The user's conversation with support, opened by a first message of theirs, by its id. */
export async function conversationWith(t: TestContext, auth: Record<string, string>): Promise<string> {
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/v1/chat/messages",
    headers: auth,
    payload: { clientKey: `fixture-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, body: "Hello" },
  });
  if (sent.statusCode !== 201) throw new Error(`chat answered ${sent.statusCode}: ${sent.body}`);
  const row = await t.db
    .selectFrom("conversations")
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A canned reply written by the operator `operatorId`, by its id. */
export async function cannedReplyBy(t: TestContext, operatorId: bigint): Promise<string> {
  const row = await t.db
    .insertInto("canned_replies")
    .values({
      locale: "en",
      title: "Greeting",
      body: "Hello!",
      created_by: operatorId,
      created_at: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}
