import {
  type BroadcastTranslations,
  DEFAULT_LOCALE,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
  type Locale,
  type Notice,
  notice,
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
    const served = translations[locale] ? locale : DEFAULT_LOCALE;
    const text = translations[served] ?? { title: "", body: "" };
    return { kind: "broadcast", locale: served, ...text };
  }
  // Parsed, not cast: a row of a kind this release no longer knows fails loudly here, not in the app.
  return notice.parse({ kind: row.kind, ...(row.params as object) }) satisfies Notice;
}

/**
 * The user's messages, newest first, from one of two index ranges each (their notices, everyone's
 * broadcasts) merged: a row is read when it is at or below the user's watermark or read alone.
 */
function inboxRows(db: Executor, userId: bigint, before: bigint | null, limit: number) {
  const range = (mine: boolean) => sql`
    (select m.id, m.kind, m.params, m.created_at, m.broadcast_id from inbox_messages m
     where ${mine ? sql`m.user_id = ${userId}` : sql`m.user_id is null`}
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
  userId: bigint,
  query: InboxQuery,
  locale: Locale,
): Promise<InboxPage> {
  const { rows } = await inboxRows(db, userId, cursorId(query.cursor), query.limit + 1);
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
export async function unreadCount(db: Executor, userId: bigint): Promise<number> {
  const { rows } = await sql<{ unread: number }>`
    with mark as (select coalesce((select read_through from inboxes where user_id = ${userId}), 0) as through)
    select count(*)::int as unread from (
      select m.id from inbox_messages m, mark
      where (m.user_id = ${userId} or m.user_id is null) and m.id > mark.through
        and not exists (select 1 from inbox_reads r where r.user_id = ${userId} and r.message_id = m.id)
      limit ${UNREAD_COUNT_CAP}
    ) unread`.execute(db);
  return rows[0]?.unread ?? 0;
}

/** Marks one of the user's messages read; another user's, or none, is NOT_FOUND. */
export async function markMessageRead(db: Db, userId: bigint, messageId: bigint, now: Date): Promise<void> {
  const message = await db
    .selectFrom("inbox_messages")
    .select("id")
    .where("id", "=", messageId)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("user_id", "is", null)]))
    .executeTakeFirst();
  if (!message) throw new AppError("NOT_FOUND");
  await db
    .insertInto("inbox_reads")
    .values({ user_id: userId, message_id: messageId, read_at: now })
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
