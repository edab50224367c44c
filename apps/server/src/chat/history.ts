import type { ChatHistory, ChatMessage } from "@tickfair/contract";
import type { Executor } from "../platform/db";

/** Who reads: a user never sees notes, nor which operator wrote. */
export type ChatReader = "user" | "support";

function messages(db: Executor, conversationId: bigint, reader: ChatReader) {
  return db
    .selectFrom("chat_messages as m")
    .leftJoin("operators as o", "o.id", "m.operator_id")
    .select(["m.seq", "m.author", "o.username", "m.body", "m.client_key", "m.created_at"])
    .where("m.conversation_id", "=", conversationId)
    .$if(reader === "user", (q) => q.where("m.author", "<>", "note"));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messages>["execute"]>>[number];

export function toChatMessage(row: MessageRow, reader: ChatReader): ChatMessage {
  return {
    seq: String(row.seq),
    author: row.author,
    operator: reader === "support" ? row.username : null,
    body: row.body,
    // Only the sender needs their key (to clear their outbox); the user's are theirs to see.
    clientKey: reader === "user" && row.author !== "user" ? null : row.client_key,
    at: row.created_at.toISOString(),
  };
}

/** A page of history, newest first, before `before` (from the newest without it). */
export async function chatHistory(
  db: Executor,
  conversationId: bigint | null,
  reader: ChatReader,
  query: { before?: string | undefined; limit: number },
): Promise<ChatHistory> {
  if (conversationId === null) return { items: [], hasMore: false };
  const rows = await messages(db, conversationId, reader)
    .$if(query.before !== undefined, (q) => q.where("m.seq", "<", BigInt(query.before ?? "0")))
    .orderBy("m.seq", "desc")
    .limit(query.limit + 1)
    .execute();
  return {
    items: rows.slice(0, query.limit).map((row) => toChatMessage(row, reader)),
    hasMore: rows.length > query.limit,
  };
}

/** The messages after `after`, oldest first, up to `limit`: what a follower has not seen yet. */
export async function messagesAfter(
  db: Executor,
  conversationId: bigint,
  after: bigint,
  limit: number,
): Promise<(MessageRow & { seq: bigint })[]> {
  return messages(db, conversationId, "support")
    .where("m.seq", ">", after)
    .orderBy("m.seq", "asc")
    .limit(limit)
    .execute();
}
