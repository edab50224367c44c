import type { CannedReply, CannedReplyInput } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";

const toCannedReply = (row: { id: bigint; locale: string; title: string; body: string }): CannedReply => ({
  id: String(row.id),
  locale: row.locale,
  title: row.title,
  body: row.body,
});

/** The replies support inserts with one click, of one locale or all, by title. */
export async function listCannedReplies(db: Executor, locale: string | undefined): Promise<CannedReply[]> {
  const rows = await db
    .selectFrom("canned_replies")
    .select(["id", "locale", "title", "body"])
    .where("deleted_at", "is", null)
    .$if(locale !== undefined, (q) => q.where("locale", "=", locale ?? ""))
    .orderBy("locale")
    .orderBy("title")
    .execute();
  return rows.map(toCannedReply);
}

export async function createCannedReply(
  db: Executor,
  operatorId: bigint,
  input: CannedReplyInput,
  now: Date,
): Promise<CannedReply> {
  const row = await db
    .insertInto("canned_replies")
    .values({ ...input, created_by: operatorId, created_at: now })
    .returning(["id", "locale", "title", "body"])
    .executeTakeFirstOrThrow();
  return toCannedReply(row);
}

/** Takes a reply out of the list; messages already sent with it stay as they were. */
export async function deleteCannedReply(db: Executor, id: bigint, now: Date): Promise<void> {
  const updated = await db
    .updateTable("canned_replies")
    .set({ deleted_at: now })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new AppError("NOT_FOUND");
}
