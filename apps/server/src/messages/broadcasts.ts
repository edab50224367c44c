import type {
  BroadcastInput,
  BroadcastPage,
  BroadcastQuery,
  BroadcastTranslations,
  OperatorBroadcast,
} from "@tickfair/contract";
import { sql } from "kysely";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { newestFirstPage } from "../platform/newest-first-page";
import type { Operator } from "../platform/schema";
import { enqueuePushToEveryone } from "../push";

/**
 * Puts due broadcasts into the timeline, each exactly once whichever process gets to it: the claim
 * skips rows another transaction holds, and the timeline row is unique per broadcast. Answers the
 * broadcasts published, for the caller to announce after the commit.
 */
async function publishDue(tx: Tx, now: Date, only?: bigint): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`
    with due as (
      select id from broadcasts
      where published_at is null and cancelled_at is null and publish_at <= ${now}::timestamptz
        ${only === undefined ? sql`` : sql`and id = ${only}`}
      order by publish_at, id
      limit 100
      for update skip locked
    ), published as (
      update broadcasts b set published_at = ${now}::timestamptz from due where b.id = due.id
      returning b.id, b.publish_at
    )
    insert into inbox_messages (user_id, kind, broadcast_id, created_at)
    select null, 'broadcast', id, ${now}::timestamptz from published order by publish_at, id
    returning broadcast_id as id`.execute(tx);
  const ids = rows.map((row) => row.id);
  await pushBroadcasts(tx, ids, now);
  return ids;
}

/** A push of each broadcast's title to every subscribed browser, in the transaction that publishes it. */
async function pushBroadcasts(tx: Tx, ids: readonly bigint[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const published = await tx
    .selectFrom("broadcasts")
    .select(["id", "translations"])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  for (const { id, translations } of published) {
    const titles = Object.fromEntries(
      Object.entries(translations as BroadcastTranslations).map(([locale, text]) => [locale, text?.title]),
    );
    await enqueuePushToEveryone(tx, { kind: "broadcast", broadcastId: String(id), titles }, now);
  }
}

export async function publishDueBroadcasts(db: Db, now: Date): Promise<bigint[]> {
  return db.transaction().execute((tx) => publishDue(tx, now));
}

/** A new broadcast: in every inbox at once when its time is now or past, else left for the publisher. Audited. */
export async function createBroadcast(
  db: Db,
  clock: Clock,
  operator: Operator,
  input: BroadcastInput,
): Promise<{ id: bigint; published: boolean }> {
  const now = clock.now();
  const publishAt = input.publishAt && new Date(input.publishAt) > now ? new Date(input.publishAt) : now;
  return db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto("broadcasts")
      .values({
        translations: JSON.stringify(input.translations),
        publish_at: publishAt,
        created_by: operator.id,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "broadcast.create",
      targetType: "broadcast",
      targetId: String(created.id),
      reason: input.reason,
      detail: { publishAt: publishAt.toISOString() },
    });
    const published = publishAt <= now && (await publishDue(tx, now, created.id)).length > 0;
    return { id: created.id, published };
  });
}

/** Cancels a broadcast that has not gone out; one that has is BROADCAST_ALREADY_SENT. Audited. */
export async function cancelBroadcast(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const broadcast = await tx
      .selectFrom("broadcasts")
      .select(["published_at", "cancelled_at"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!broadcast) throw new AppError("NOT_FOUND");
    if (broadcast.published_at) throw new AppError("BROADCAST_ALREADY_SENT");
    if (broadcast.cancelled_at) return;
    await tx
      .updateTable("broadcasts")
      .set({ cancelled_at: clock.now(), cancelled_by: operator.id })
      .where("id", "=", id)
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "broadcast.cancel",
      targetType: "broadcast",
      targetId: String(id),
      reason,
    });
  });
}

const stateOf = (row: {
  published_at: Date | null;
  cancelled_at: Date | null;
}): OperatorBroadcast["state"] =>
  row.published_at ? "published" : row.cancelled_at ? "cancelled" : "scheduled";

/** The console's broadcasts, newest first, with every locale's text. */
export async function broadcastPage(db: Db, query: BroadcastQuery): Promise<BroadcastPage> {
  return newestFirstPage(
    db
      .selectFrom("broadcasts as b")
      .innerJoin("operators as o", "o.id", "b.created_by")
      .select([
        "b.id",
        "b.translations",
        "b.publish_at",
        "b.published_at",
        "b.created_at",
        "b.cancelled_at",
        "o.username",
      ]),
    "b.id",
    query,
    (row) => ({
      id: String(row.id),
      state: stateOf(row),
      translations: row.translations as BroadcastTranslations,
      publishAt: row.publish_at.toISOString(),
      publishedAt: row.published_at?.toISOString() ?? null,
      createdBy: row.username,
      createdAt: row.created_at.toISOString(),
      cancelledAt: row.cancelled_at?.toISOString() ?? null,
    }),
  );
}
