import type {
  ConversationListQuery,
  ConversationPage,
  ServiceHours,
  UserConversation,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { cursorId, pageOfRows } from "../platform/pagination";
import { userConversation } from "./conversations";

/**
 * The user's conversation for their app: unread answers, how far support has read, the hours and
 * whether someone of support is online.
 */
export async function userConversationSummary(
  db: Executor,
  userId: bigint,
  now: Date,
  support: { hours: ServiceHours; online: boolean },
): Promise<UserConversation> {
  const conversation = await userConversation(db, userId, now);
  const unread = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("conversation_id", "=", conversation.id)
    .where("author", "=", "operator")
    .where("seq", ">", conversation.user_read_seq)
    .executeTakeFirstOrThrow();
  return {
    state: conversation.state,
    lastSeq: String(conversation.last_seq),
    unread: Number(unread.count),
    supportReadSeq: String(conversation.support_read_seq),
    canRate: conversation.state === "resolved" && conversation.rating === null,
    serviceHours: support.hours,
    supportOnline: support.online,
  };
}

/**
 * The console's inbox, most recent activity first: unassigned, the operator's own, or all; open or
 * resolved (or the one conversation `only` names). The cursor is the last row's id; rows are ordered
 * by (last_message_at, id).
 */
export async function conversationPage(
  db: Executor,
  operatorId: bigint,
  query: ConversationListQuery & { only?: bigint },
): Promise<ConversationPage> {
  const after = cursorId(query.cursor);
  const rows = await db
    .selectFrom("conversations as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("operators as o", "o.id", "c.assignee_id")
    .select([
      "c.id",
      "c.user_id",
      "u.account",
      "c.state",
      "o.username as assignee",
      "c.last_seq",
      "c.last_message_at",
      "c.waiting_since",
      "c.user_read_seq",
      "c.support_read_seq",
      "c.rating",
    ])
    .select((eb) =>
      eb
        .selectFrom("chat_messages as m")
        .select("m.body")
        .whereRef("m.conversation_id", "=", "c.id")
        .where("m.author", "<>", "note")
        .orderBy("m.seq", "desc")
        .limit(1)
        .as("last_message"),
    )
    .select((eb) =>
      eb
        .selectFrom("chat_messages as m")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("m.conversation_id", "=", "c.id")
        .where("m.author", "=", "user")
        .whereRef("m.seq", ">", "c.support_read_seq")
        .as("unread"),
    )
    .$if(query.only !== undefined, (q) => q.where("c.id", "=", query.only ?? 0n))
    .$if(query.only === undefined, (q) =>
      q
        .where("c.state", "=", query.state)
        .where("c.last_message_at", "is not", null)
        .$if(query.view === "unassigned", (inner) => inner.where("c.assignee_id", "is", null))
        .$if(query.view === "mine", (inner) => inner.where("c.assignee_id", "=", operatorId)),
    )
    .$if(after !== null, (q) =>
      q.where(
        sql<boolean>`(c.last_message_at, c.id) < (select last_message_at, id from conversations where id = ${after})`,
      ),
    )
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(query.limit + 1)
    .execute();
  return pageOfRows(rows, query.limit, (row) => ({
    id: String(row.id),
    user: { id: String(row.user_id), account: row.account },
    state: row.state,
    assignee: row.assignee,
    lastSeq: String(row.last_seq),
    lastMessage: row.last_message,
    lastMessageAt: row.last_message_at?.toISOString() ?? null,
    waitingSince: row.waiting_since?.toISOString() ?? null,
    unread: Number(row.unread ?? 0),
    userReadSeq: String(row.user_read_seq),
    rating: row.rating,
  }));
}

/** Conversations whose user waits for an answer, and since when the longest has: the dashboard's card. */
export function waitingChatsQuery() {
  return sql<{ waiting: number; oldest: Date | null }>`
    select
      (select count(*)::int from conversations where waiting_since is not null) as waiting,
      (select min(waiting_since) from conversations where waiting_since is not null) as oldest`;
}

export async function waitingChats(db: Executor): Promise<{ waiting: number; oldestAt: Date | null }> {
  const { rows } = await waitingChatsQuery().execute(db);
  return { waiting: rows[0]?.waiting ?? 0, oldestAt: rows[0]?.oldest ?? null };
}
