import type { ChatHistory, ChatMessage, PhotoLink } from "@tickfair/contract";
import { sql } from "kysely";
import { issuePhotoLinks, type LinkHolder } from "../files";
import { bigintArray, type Executor, prepared } from "../platform/db";

/** Who reads: a user never sees notes, nor which operator wrote. */
export type ChatReader = "user" | "support";

function messages(db: Executor, conversationId: bigint, reader: ChatReader) {
  return db
    .selectFrom("chat_messages as m")
    .leftJoin("operators as o", "o.id", "m.operator_id")
    .select(["m.seq", "m.author", "o.username", "m.body", "m.photo_id", "m.client_key", "m.created_at"])
    .where("m.conversation_id", "=", conversationId)
    .$if(reader === "user", (q) => q.where("m.author", "<>", "note"));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messages>["execute"]>>[number];

function toChatMessage(
  row: MessageRow,
  reader: ChatReader,
  links: ReadonlyMap<string, PhotoLink>,
): ChatMessage {
  return {
    seq: String(row.seq),
    author: row.author,
    operator: reader === "support" ? row.username : null,
    body: row.body,
    photo: row.photo_id ? (links.get(row.photo_id) ?? null) : null,
    // Only the sender needs their key (to clear their outbox); the user's are theirs to see.
    clientKey: reader === "user" && row.author !== "user" ? null : row.client_key,
    at: row.created_at.toISOString(),
  };
}

/**
 * Messages as `reader` sees them, with links to their photos made out to the reader's session
 * (`holder`): a link works only for the session it was issued to, and only for minutes.
 */
export async function renderChatMessages(
  db: Executor,
  rows: readonly MessageRow[],
  reader: ChatReader,
  holder: LinkHolder,
  now: Date,
): Promise<ChatMessage[]> {
  const photoIds = rows.flatMap((row) => (row.photo_id ? [row.photo_id] : []));
  const links = await issuePhotoLinks(db, photoIds, holder, now);
  return rows.map((row) => toChatMessage(row, reader, links));
}

/** A page of history, newest first, before `before` (from the newest without it). */
export async function chatHistory(
  db: Executor,
  conversationId: bigint,
  reader: ChatReader,
  holder: LinkHolder,
  query: { before?: string | undefined; limit: number },
  now: Date,
): Promise<ChatHistory> {
  const rows = await messages(db, conversationId, reader)
    .$if(query.before !== undefined, (q) => q.where("m.seq", "<", BigInt(query.before ?? "0")))
    .orderBy("m.seq", "desc")
    .limit(query.limit + 1)
    .execute();
  return {
    items: await renderChatMessages(db, rows.slice(0, query.limit), reader, holder, now),
    hasMore: rows.length > query.limit,
  };
}

/** One stored message as `reader` sees it: what a resend under a known key is answered with. */
export async function storedMessage(
  db: Executor,
  conversationId: bigint,
  seq: bigint,
  reader: ChatReader,
  holder: LinkHolder,
  now: Date,
): Promise<ChatMessage> {
  const rows = await messages(db, conversationId, reader).where("m.seq", "=", seq).execute();
  const [message] = await renderChatMessages(db, rows, reader, holder, now);
  if (!message) throw new Error(`chat: message ${seq} of conversation ${conversationId} is missing`);
  return message;
}

/** A message just written, as its writer sees it, from what was written (no read-back). */
export async function writtenMessage(
  db: Executor,
  written: Omit<MessageRow, "created_at"> & { at: Date },
  reader: ChatReader,
  holder: LinkHolder,
): Promise<ChatMessage> {
  const { at, ...row } = written;
  const [message] = await renderChatMessages(db, [{ ...row, created_at: at }], reader, holder, at);
  if (!message) throw new Error("chat: a written message renders to nothing");
  return message;
}

/**
 * The messages of each conversation after its position, in order by conversation and seq, up to `limit`
 * in all: what the followers of a process have not seen yet, in one query.
 */
export async function messagesAfterEach(
  db: Executor,
  positions: readonly { conversationId: bigint; after: bigint }[],
  limit: number,
): Promise<(MessageRow & { conversation_id: bigint })[]> {
  // Arrays, not a list of values: one statement for any number of conversations, planned once. Each
  // conversation is read through its own index range (lateral): joined, the plan made once merged
  // against the whole table's index, slower with every message stored.
  const { rows } = await prepared(sql<MessageRow & { conversation_id: bigint }>`
    select m.conversation_id, m.seq, m.author, o.username, m.body, m.photo_id, m.client_key, m.created_at
    from unnest(${bigintArray(positions.map((p) => p.conversationId))}::bigint[],
      ${bigintArray(positions.map((p) => p.after))}::bigint[]) as w (id, after)
    cross join lateral (
      select m.conversation_id, m.seq, m.author, m.operator_id, m.body, m.photo_id, m.client_key, m.created_at
      from chat_messages m where m.conversation_id = w.id and m.seq > w.after order by m.seq limit ${limit}
    ) m
    left join operators o on o.id = m.operator_id
    order by m.conversation_id, m.seq
    limit ${limit}`).execute(db);
  return rows;
}
