import type { ChatAuthor } from "@tickfair/contract";
import { sql } from "kysely";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { enqueuePush } from "../push";

/** A message being written to a conversation. */
export interface NewChatMessage {
  author: ChatAuthor;
  /** The operator who wrote it; null for the user's own. */
  operatorId: bigint | null;
  body: string;
  /** A photo of the user's own (uploaded through /chat/photos). */
  photoId?: string | undefined;
  clientKey: string;
}

/** What was stored: the conversation, its user, and the message's number in it. */
export interface StoredChatMessage {
  conversationId: bigint;
  userId: bigint;
  seq: bigint;
  /** When it was written (for a known key: when the resend was judged). */
  at: Date;
  /** False when the client key was seen before: the earlier message is answered, nothing stored. */
  created: boolean;
}

/**
 * The user's conversation, made on first use, locked for the caller's transaction: one statement,
 * since an upsert that finds the row updates (and so locks) it.
 */
export async function lockUserConversation(tx: Tx, userId: bigint, now: Date) {
  return tx
    .insertInto("conversations")
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ user_id: (eb) => eb.ref("excluded.user_id") }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function lockConversation(tx: Tx, conversationId: bigint) {
  const row = await tx
    .selectFrom("conversations")
    .selectAll()
    .where("id", "=", conversationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

type ConversationRow = Awaited<ReturnType<typeof lockConversation>>;

/**
 * Whether a user whose last `perMinute` messages number `recent`, the oldest written at `oldest`, has
 * sent too many in the minute before `now`.
 */
export function pastPace(
  last: { recent: number; oldest: Date | null },
  perMinute: number,
  now: Date,
): boolean {
  return last.recent >= perMinute && last.oldest !== null && last.oldest.getTime() > now.getTime() - 60_000;
}

/** Whose conversation it is; NOT_FOUND when there is none. */
export async function conversationUserId(db: Executor, conversationId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom("conversations")
    .select("user_id")
    .where("id", "=", conversationId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row.user_id;
}

/**
 * Appends a message under the conversation's lock: it takes the next seq, so seqs commit in order.
 * A user's message reopens a resolved conversation and waits for an answer (from its first unanswered
 * message); an operator's answers it; a note changes neither. A user past `perMinute` messages in the
 * last minute is CHAT_RATE_LIMITED.
 */
async function append(
  tx: Tx,
  conversation: ConversationRow,
  message: NewChatMessage,
  now: Date,
  perMinute: number,
): Promise<StoredChatMessage> {
  // The key seen before, and the user's last `perMinute` messages' oldest time, in one round trip:
  // the limit reads at most that many rows, however long the conversation.
  const limited = message.author === "user" ? perMinute : 0;
  const { rows } = await sql<{ known: bigint | null; recent: number; oldest: Date | null }>`
    select
      (select seq from chat_messages
        where conversation_id = ${conversation.id} and author = ${message.author} and client_key = ${message.clientKey}) as known,
      count(*)::int as recent, min(created_at) as oldest
    from (select created_at from chat_messages
          where conversation_id = ${conversation.id} and author = 'user'
          order by seq desc limit ${limited}) latest`.execute(tx);
  const check = rows[0];
  const stored = { conversationId: conversation.id, userId: conversation.user_id, at: now };
  if (check?.known != null) return { ...stored, seq: BigInt(check.known), created: false };
  if (limited > 0 && check && pastPace(check, limited, now)) throw new AppError("CHAT_RATE_LIMITED");
  if (message.body === "" && !message.photoId) throw fieldErrors({ body: "REQUIRED" });
  if (message.photoId) {
    const photo = await tx
      .selectFrom("verification_photos")
      .select("id")
      .where("id", "=", message.photoId)
      .where("user_id", "=", conversation.user_id)
      .executeTakeFirst();
    if (!photo) throw fieldErrors({ photoId: "PHOTO_INVALID" });
  }
  const seq = conversation.last_seq + 1n;
  const byUser = message.author === "user";
  const answer = message.author === "operator";
  // The message and the conversation's new state in one statement.
  await tx
    .with("appended", (db) =>
      db
        .insertInto("chat_messages")
        .values({
          conversation_id: conversation.id,
          seq,
          author: message.author,
          operator_id: message.operatorId,
          body: message.body,
          photo_id: message.photoId ?? null,
          client_key: message.clientKey,
          created_at: now,
        })
        .returning("seq"),
    )
    .updateTable("conversations")
    .set({
      last_seq: seq,
      last_message_at: message.author === "note" ? conversation.last_message_at : now,
      ...(byUser && {
        state: "open",
        resolved_at: null,
        waiting_since: conversation.waiting_since ?? now,
        user_read_seq: seq,
        ...(conversation.state === "resolved" && { rating: null }),
      }),
      // Writing in a conversation is reading it.
      ...(!byUser && { support_read_seq: seq }),
      ...(answer && { waiting_since: null }),
    })
    .where("id", "=", conversation.id)
    .execute();
  return { ...stored, seq, created: true };
}

export async function sendUserMessage(
  db: Db,
  userId: bigint,
  message: Omit<NewChatMessage, "author" | "operatorId">,
  now: Date,
  perMinute: number,
): Promise<StoredChatMessage> {
  return db.transaction().execute(async (tx) => {
    const conversation = await lockUserConversation(tx, userId, now);
    return append(tx, conversation, { ...message, author: "user", operatorId: null }, now, perMinute);
  });
}

/** An operator's answer or internal note; answering an unassigned conversation takes it. */
export async function sendOperatorMessage(
  db: Db,
  conversationId: bigint,
  operatorId: bigint,
  message: Omit<NewChatMessage, "author" | "operatorId"> & { note: boolean },
  now: Date,
): Promise<StoredChatMessage> {
  return db.transaction().execute(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    const author = message.note ? "note" : "operator";
    const stored = await append(
      tx,
      conversation,
      { ...message, author, operatorId },
      now,
      Number.MAX_SAFE_INTEGER,
    );
    if (!message.note)
      await enqueuePush(tx, [{ userId: conversation.user_id, event: { kind: "chat_reply" } }], now);
    if (!message.note && conversation.assignee_id === null)
      await tx
        .updateTable("conversations")
        .set({ assignee_id: operatorId })
        .where("id", "=", conversationId)
        .execute();
    return stored;
  });
}

/** Moves a read marker forward (never back, never past the last message). Answers the marker now. */
export async function markConversationRead(
  db: Executor,
  conversationId: bigint,
  side: "user" | "support",
  seq: bigint,
): Promise<bigint> {
  const column = side === "user" ? "user_read_seq" : "support_read_seq";
  const { rows } = await sql<{ read: bigint }>`
    update conversations set ${sql.ref(column)} = greatest(${sql.ref(column)}, least(${seq}, last_seq))
    where id = ${conversationId}
    returning ${sql.ref(column)} as read`.execute(db);
  const read = rows[0]?.read;
  if (read === undefined) throw new AppError("NOT_FOUND");
  return BigInt(read);
}

/** The user's conversation, made on first use (opening the page or following it). */
export async function userConversation(db: Executor, userId: bigint, now: Date) {
  await db
    .insertInto("conversations")
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return db.selectFrom("conversations").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
}

/** Resolves or reopens; resolving ends the wait. Answers the conversation's user. */
export async function setConversationState(
  db: Db,
  conversationId: bigint,
  state: "open" | "resolved",
  now: Date,
): Promise<bigint> {
  return db.transaction().execute(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    await tx
      .updateTable("conversations")
      .set(
        state === "resolved"
          ? { state, resolved_at: now, waiting_since: null }
          : { state, resolved_at: null, rating: null },
      )
      .where("id", "=", conversationId)
      .execute();
    return conversation.user_id;
  });
}

export async function assignConversation(
  db: Db,
  conversationId: bigint,
  operatorId: bigint | null,
): Promise<void> {
  if (operatorId !== null) {
    const operator = await db
      .selectFrom("operators")
      .select("id")
      .where("id", "=", operatorId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (!operator) throw new AppError("NOT_FOUND");
  }
  const updated = await db
    .updateTable("conversations")
    .set({ assignee_id: operatorId })
    .where("id", "=", conversationId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new AppError("NOT_FOUND");
}

/** The user's 1–5 rating of a resolved conversation, once (CHAT_NOT_RATEABLE otherwise). */
export async function rateConversation(db: Executor, userId: bigint, rating: number): Promise<void> {
  const updated = await db
    .updateTable("conversations")
    .set({ rating })
    .where("user_id", "=", userId)
    .where("state", "=", "resolved")
    .where("rating", "is", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new AppError("CHAT_NOT_RATEABLE");
}
