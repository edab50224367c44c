import { sql } from "kysely";
import { Batcher } from "../platform/batcher";
import type { Clock } from "../platform/clock";
import { bigintArray, type Db, prepared, type Tx } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import { type NewChatMessage, pastPace, type StoredChatMessage, sendUserMessage } from "./conversations";

/** A user's message as it reaches the desk. */
export interface UserMessage {
  userId: bigint;
  message: Omit<NewChatMessage, "author" | "operatorId">;
}

/**
 * What became of a message in a batch: stored (or found stored under its key), refused with the error
 * its user is answered with, or to be sent alone (a second message of the same user in the batch, or
 * every message of a batch that failed as a whole).
 */
export type UserMessageOutcome = { stored: StoredChatMessage } | { refused: AppError } | { alone: true };

/** A message the checks let through, with the conversation it goes to. */
interface Accepted {
  index: number;
  conversationId: bigint;
  userId: bigint;
  seq: bigint;
  at: Date;
  message: UserMessage["message"];
}

/**
 * The users' conversations, made on first use and locked, in one statement. Locked in the order of
 * their users, as every batch of every process locks them, so two batches never wait on each other in
 * a circle.
 */
function lockConversations(tx: Tx, userIds: readonly bigint[], now: Date) {
  return prepared(sql<{ id: bigint; user_id: bigint; last_seq: bigint }>`
    insert into conversations (user_id, created_at)
    select u.user_id, ${now}::timestamptz from unnest(${bigintArray(userIds)}::bigint[]) as u (user_id)
    order by u.user_id
    on conflict (user_id) do update set user_id = excluded.user_id
    returning id, user_id, last_seq`).execute(tx);
}

/**
 * For each message: the seq its key was stored under before (if it was), and how many of the user's
 * last `perMinute` messages there are and when the oldest of them was written — at most that many rows
 * read a conversation, however long it is. The key is looked up per message, through its index: joined,
 * the plan made once for every batch size hashed the whole table (100 ms a batch at 60,000 messages).
 */
function checkKeysAndPace(
  tx: Tx,
  messages: readonly { conversationId: bigint; clientKey: string }[],
  perMinute: number,
) {
  return prepared(sql<{ ord: string; known: bigint | null; recent: number; oldest: Date | null }>`
    select w.ord::text as ord,
      (select k.seq from chat_messages k
        where k.conversation_id = w.conversation_id and k.author = 'user' and k.client_key = w.client_key) as known,
      l.recent, l.oldest
    from unnest(${bigintArray(messages.map((m) => m.conversationId))}::bigint[],
      ${messages.map((m) => m.clientKey)}::text[]) with ordinality as w (conversation_id, client_key, ord)
    cross join lateral (
      select count(*)::int as recent, min(latest.created_at) as oldest
      from (select m.created_at from chat_messages m
            where m.conversation_id = w.conversation_id and m.author = 'user'
            order by m.seq desc limit ${perMinute}) latest
    ) l
    order by w.ord`).execute(tx);
}

/** Who each of these photos belongs to (a photo that is nobody's is missing). */
async function photoOwners(tx: Tx, photoIds: readonly string[]): Promise<Map<string, bigint>> {
  if (photoIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("verification_photos")
    .select(["id", "user_id"])
    .where("id", "in", photoIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.user_id]));
}

/**
 * The messages and their conversations' new state in one statement: each message takes its
 * conversation's next seq, reopens it if resolved, and waits for an answer (from the first unanswered
 * message on); the sender has read up to it.
 */
function writeMessages(tx: Tx, accepted: readonly Accepted[], now: Date) {
  return prepared(sql`
    with w as materialized (
      select * from unnest(${bigintArray(accepted.map((a) => a.conversationId))}::bigint[],
        ${bigintArray(accepted.map((a) => a.seq))}::bigint[], ${accepted.map((a) => a.message.body)}::text[],
        ${accepted.map((a) => a.message.photoId ?? null)}::text[]::uuid[],
        ${accepted.map((a) => a.message.clientKey)}::text[]) as w (conversation_id, seq, body, photo_id, client_key)
    ), appended as (
      insert into chat_messages (conversation_id, seq, author, operator_id, body, photo_id, client_key, created_at)
      select conversation_id, seq, 'user', null, body, photo_id, client_key, ${now}::timestamptz from w
      returning conversation_id
    )
    update conversations c
    set last_seq = w.seq, last_message_at = ${now}::timestamptz, state = 'open', resolved_at = null,
      waiting_since = coalesce(c.waiting_since, ${now}::timestamptz), user_read_seq = w.seq,
      rating = case when c.state = 'resolved' then null else c.rating end
    from w where c.id = w.conversation_id`).execute(tx);
}

/**
 * Appends users' messages to their conversations in one transaction of four statements, however many
 * (group commit): at thousands of messages a second, a transaction each spent the time on round trips.
 * Each message is judged as sendUserMessage judges one — a known key answers the stored message, a user
 * past `perMinute` in the last minute is CHAT_RATE_LIMITED, a photo must be the sender's own — and
 * answered on its own.
 */
export async function appendUserMessages(
  db: Db,
  batch: readonly UserMessage[],
  now: Date,
  perMinute: number,
): Promise<UserMessageOutcome[]> {
  // Refused before anything is read: these answers stand whatever becomes of the batch.
  const judged: UserMessageOutcome[] = batch.map(({ message }) =>
    message.body === "" && !message.photoId
      ? { refused: fieldErrors({ body: "REQUIRED" }) }
      : { alone: true },
  );
  const first = new Map<bigint, number>();
  batch.forEach(({ userId }, index) => {
    if ("alone" in (judged[index] ?? {}) && !first.has(userId)) first.set(userId, index);
  });
  if (first.size === 0) return judged;
  const outcomes = [...judged];
  try {
    await db.transaction().execute(async (tx) => {
      const locked = await lockConversations(tx, [...first.keys()], now);
      const conversationOf = new Map(locked.rows.map((row) => [BigInt(row.user_id), row]));
      const entries = [...first.values()].map((index) => {
        const item = batch[index] as UserMessage;
        const conversation = conversationOf.get(item.userId);
        if (!conversation) throw new Error(`chat: no conversation was locked for user ${item.userId}`);
        return {
          index,
          item,
          conversationId: BigInt(conversation.id),
          lastSeq: BigInt(conversation.last_seq),
        };
      });
      const checks = await checkKeysAndPace(
        tx,
        entries.map(({ item, conversationId }) => ({ conversationId, clientKey: item.message.clientKey })),
        perMinute,
      );
      const checkOf = new Map(checks.rows.map((row) => [Number(row.ord) - 1, row]));
      const owners = await photoOwners(
        tx,
        entries.flatMap(({ item }) => (item.message.photoId ? [item.message.photoId] : [])),
      );
      const accepted: Accepted[] = [];
      entries.forEach(({ index, item, conversationId, lastSeq }, position) => {
        const check = checkOf.get(position);
        const stored = { conversationId, userId: item.userId, at: now };
        if (check?.known != null) {
          outcomes[index] = { stored: { ...stored, seq: BigInt(check.known), created: false } };
        } else if (check && pastPace(check, perMinute, now)) {
          outcomes[index] = { refused: new AppError("CHAT_RATE_LIMITED") };
        } else if (item.message.photoId && owners.get(item.message.photoId) !== item.userId) {
          outcomes[index] = { refused: fieldErrors({ photoId: "PHOTO_INVALID" }) };
        } else {
          accepted.push({ index, ...stored, seq: lastSeq + 1n, message: item.message });
        }
      });
      if (accepted.length === 0) return;
      const written = await writeMessages(tx, accepted, now);
      if (Number(written.numAffectedRows ?? 0) !== accepted.length)
        throw new Error("chat: a batch's conversations were not all moved on");
      for (const { index, conversationId, userId, seq } of accepted)
        outcomes[index] = { stored: { conversationId, userId, seq, at: now, created: true } };
    });
  } catch {
    // A batch that failed as a whole (the same key sent at once through two processes, say) is sent
    // again message by message, each then standing or failing on its own.
    return judged;
  }
  return outcomes;
}

/**
 * Where users' messages are stored: in batches while others are being written (one batch at a time per
 * process, as orders are placed), and alone through sendUserMessage whenever the batch says so.
 */
export class UserMessageDesk {
  readonly #batches: Batcher<UserMessage, UserMessageOutcome>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly perMinute: number,
  ) {
    this.#batches = new Batcher((batch) => appendUserMessages(db, batch, clock.now(), perMinute), {
      maxSize: 256,
      concurrency: 1,
    });
  }

  async send(userId: bigint, message: UserMessage["message"]): Promise<StoredChatMessage> {
    const outcome = await this.#batches.add({ userId, message });
    if ("stored" in outcome) return outcome.stored;
    if ("refused" in outcome) throw outcome.refused;
    return sendUserMessage(this.db, userId, message, this.clock.now(), this.perMinute);
  }
}
