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
