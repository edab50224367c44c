import {
  type BroadcastTranslations,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
  type Locale,
  type Notice,
  notice,
  servedLocale,
  UNREAD_COUNT_CAP,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { cursorId, pageOfRows } from "../platform/pagination";

interface InboxRow {
  id: bigint;
  kind: string;
  params: unknown;
  created_at: Date;
  translations: unknown;
  read: boolean;
}

function contentOf(row: InboxRow, locale: Locale): InboxMessage["content"] {
  if (row.kind === "broadcast") {
    const translations = row.translations as BroadcastTranslations;
    const served = servedLocale(locale, translations);
    const text = translations[served] ?? { title: "", body: "" };
    return { kind: "broadcast", locale: served, ...text };
  }
  // Parsed, not cast: a row of a kind this release no longer knows fails loudly here, not in the app.
  return notice.parse({ kind: row.kind, ...(row.params as object) }) satisfies Notice;
}

/**
 * Whose inbox: the user, and since when they are a user. Broadcasts reach the users who are there when
 * they go out; one sent before a user registered is not theirs (else a newcomer starts at "99+").
 */
export interface InboxOwner {
  id: bigint;
  created_at: Date;
}

const broadcastsOf = (owner: InboxOwner) => sql`m.user_id is null and m.created_at >= ${owner.created_at}`;
const visibleTo = (owner: InboxOwner) => sql`(m.user_id = ${owner.id} or (${broadcastsOf(owner)}))`;

/**
 * The user's messages, newest first, from one of two index ranges each (their notices, everyone's
 * broadcasts) merged: a row is read when it is at or below the user's watermark or read alone.
 */
function inboxRows(db: Executor, owner: InboxOwner, before: bigint | null, limit: number) {
  const userId = owner.id;
  const range = (mine: boolean) => sql`
    (select m.id, m.kind, m.params, m.created_at, m.broadcast_id from inbox_messages m
     where ${mine ? sql`m.user_id = ${userId}` : broadcastsOf(owner)}
       ${before === null ? sql`` : sql`and m.id < ${before}`}
     order by m.id desc limit ${limit})`;
  return sql<InboxRow>`
    select m.id, m.kind, m.params, m.created_at, b.translations,
      (m.id <= coalesce(i.read_through, 0) or r.message_id is not null) as read
    from (${range(true)} union all ${range(false)}) m
    left join broadcasts b on b.id = m.broadcast_id
    left join inboxes i on i.user_id = ${userId}
    left join inbox_reads r on r.user_id = ${userId} and r.message_id = m.id
    order by m.id desc
    limit ${limit}`.execute(db);
}

export async function inboxPage(
  db: Executor,
  owner: InboxOwner,
  query: InboxQuery,
  locale: Locale,
): Promise<InboxPage> {
  const { rows } = await inboxRows(db, owner, cursorId(query.cursor), query.limit + 1);
  return pageOfRows(rows, query.limit, (row) => ({
    id: String(row.id),
    at: row.created_at.toISOString(),
    read: row.read,
    content: contentOf(row, locale),
  }));
}

/**
 * How many of the user's messages are unread, counted up to UNREAD_COUNT_CAP: only rows above the
 * watermark are looked at, newest first, so the cost follows what is unread, not the history.
 */
export async function unreadCount(db: Executor, owner: InboxOwner): Promise<number> {
  const userId = owner.id;
  const { rows } = await sql<{ unread: number }>`
    with mark as (select coalesce((select read_through from inboxes where user_id = ${userId}), 0) as through)
    select count(*)::int as unread from (
      select m.id from inbox_messages m, mark
      where ${visibleTo(owner)} and m.id > mark.through
        and not exists (select 1 from inbox_reads r where r.user_id = ${userId} and r.message_id = m.id)
      limit ${UNREAD_COUNT_CAP}
    ) unread`.execute(db);
  return rows[0]?.unread ?? 0;
}

/** Marks one of the user's messages read; another user's, or none, is NOT_FOUND. */
export async function markMessageRead(
  db: Db,
  owner: InboxOwner,
  messageId: bigint,
  now: Date,
): Promise<void> {
  const { rows } =
    await sql`select 1 from inbox_messages m where m.id = ${messageId} and ${visibleTo(owner)}`.execute(db);
  if (rows.length === 0) throw new AppError("NOT_FOUND");
  await db
    .insertInto("inbox_reads")
    .values({ user_id: owner.id, message_id: messageId, read_at: now })
    .onConflict((oc) => oc.columns(["user_id", "message_id"]).doNothing())
    .execute();
}

/**
 * Marks every message the user has now read: the watermark moves to the newest of them (never back),
 * and single reads below it are no longer needed. A broadcast that enters later is above it: unread.
 */
export async function markAllRead(db: Db, userId: bigint): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ newest: bigint | null }>`
      select greatest(
        (select max(id) from inbox_messages where user_id = ${userId}),
        (select max(id) from inbox_messages where user_id is null)) as newest`.execute(tx);
    const newest = rows[0]?.newest ?? null;
    if (newest === null) return;
    await tx
      .insertInto("inboxes")
      .values({ user_id: userId, read_through: newest })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ read_through: sql`greatest(inboxes.read_through, excluded.read_through)` }),
      )
      .execute();
    await tx
      .deleteFrom("inbox_reads")
      .where("user_id", "=", userId)
      .where("message_id", "<=", newest)
      .execute();
  });
}
