import { isDeepStrictEqual } from "node:util";
import {
  type ContentNotice,
  type ContentNoticeKind,
  DEFAULT_LOCALE,
  type NoticeInput,
  type NoticeTranslations,
  type NoticeUpdate,
} from "@tickfair/contract";
import { recordAudit } from "../audit";
import { publicImagesById } from "../files";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";

/** The console's banners and pop-ups: banners in carousel order, pop-ups newest first. */
export async function listNotices(db: Executor, kind: ContentNoticeKind): Promise<ContentNotice[]> {
  const rows = await noticeRows(db)
    .where("n.kind", "=", kind)
    .$if(kind === "banner", (q) => q.orderBy("n.position").orderBy("n.id"))
    .$if(kind === "popup", (q) => q.orderBy("n.starts_at", "desc").orderBy("n.id", "desc"))
    .execute();
  return toNotices(db, rows);
}

export async function noticeById(db: Executor, id: bigint): Promise<ContentNotice> {
  const row = await noticeRows(db).where("n.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const [notice] = await toNotices(db, [row]);
  if (!notice) throw new AppError("NOT_FOUND");
  return notice;
}

const noticeRows = (db: Executor) =>
  db
    .selectFrom("content_notices as n")
    .leftJoin("operators as o", "o.id", "n.updated_by")
    .select([
      "n.id",
      "n.kind",
      "n.version",
      "n.translations",
      "n.link",
      "n.image_id",
      "n.position",
      "n.starts_at",
      "n.ends_at",
      "n.updated_at",
      "o.username",
    ]);

type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeRows>["execute"]>>[number];

async function toNotices(db: Executor, rows: NoticeRow[]): Promise<ContentNotice[]> {
  const images = await publicImagesById(
    db,
    rows.flatMap((row) => (row.image_id ? [row.image_id] : [])),
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    version: row.version,
    translations: row.translations as NoticeTranslations,
    link: row.link,
    image: row.image_id ? (images.get(row.image_id) ?? null) : null,
    position: row.position,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    updatedBy: row.username,
    updatedAt: row.updated_at.toISOString(),
  }));
}

async function assertImage(tx: Tx, imageId: string | null) {
  if (imageId === null) return;
  const found = await tx
    .selectFrom("public_images")
    .select("id")
    .where("id", "=", imageId)
    .executeTakeFirst();
  if (!found) throw new AppError("FILE_INVALID");
}

/** The columns the console's form writes, alike when a notice is created and when it is changed. */
const writtenColumns = (input: NoticeUpdate) => ({
  translations: JSON.stringify(input.translations),
  link: input.link,
  image_id: input.imageId,
  position: input.position,
  starts_at: new Date(input.startsAt),
  ends_at: input.endsAt ? new Date(input.endsAt) : null,
});

const titleOf = (translations: NoticeTranslations) => translations[DEFAULT_LOCALE]?.title ?? "";

/** A new banner or pop-up, version 1. By an operator (audited), or by the demo seed (operator null). */
export async function createNotice(
  db: Db,
  clock: Clock,
  operator: Operator | null,
  input: NoticeInput,
): Promise<bigint> {
  return db.transaction().execute(async (tx) => {
    await assertImage(tx, input.imageId);
    const now = clock.now();
    const created = await tx
      .insertInto("content_notices")
      .values({
        kind: input.kind,
        version: 1,
        ...writtenColumns(input),
        updated_by: operator?.id ?? null,
        updated_at: now,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (operator)
      await recordAudit(tx, clock, {
        operatorId: operator.id,
        action: `content.${input.kind}.create`,
        targetType: "content_notice",
        targetId: String(created.id),
        reason: input.reason,
        detail: { title: titleOf(input.translations), startsAt: input.startsAt, endsAt: input.endsAt },
      });
    return created.id;
  });
}

/**
 * A change of a banner or pop-up. When its texts change its version rises, so a reader who dismissed
 * the earlier text is shown the new one; a change of schedule, link or image alone keeps it. Audited
 * with what it replaced.
 */
export async function updateNotice(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  input: NoticeUpdate,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom("content_notices")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND");
    await assertImage(tx, input.imageId);
    const textChanged = !isDeepStrictEqual(before.translations, input.translations);
    const version = textChanged ? before.version + 1 : before.version;
    await tx
      .updateTable("content_notices")
      .set({
        version,
        ...writtenColumns(input),
        updated_by: operator.id,
        updated_at: clock.now(),
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: `content.${before.kind}.update`,
      targetType: "content_notice",
      targetId: String(id),
      reason: input.reason,
      detail: {
        version,
        before: {
          translations: before.translations,
          link: before.link,
          imageId: before.image_id,
          position: before.position,
          startsAt: before.starts_at.toISOString(),
          endsAt: before.ends_at?.toISOString() ?? null,
        },
      },
    });
  });
}
