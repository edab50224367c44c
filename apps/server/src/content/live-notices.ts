import {
  type LiveBanners,
  type LiveNotice,
  type LivePopup,
  type Locale,
  type NoticeTranslations,
  servedLocale,
} from "@tickfair/contract";
import { publicImagesById } from "../files";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";

/** Banners or pop-ups whose schedule holds `now`: started, and not yet ended. */
const liveAt = (db: Executor, kind: "banner" | "popup", now: Date) =>
  db
    .selectFrom("content_notices")
    .select(["id", "version", "translations", "link", "image_id"])
    .where("kind", "=", kind)
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]));

type LiveRow = Awaited<ReturnType<ReturnType<typeof liveAt>["execute"]>>[number];

async function inLocale(db: Executor, rows: LiveRow[], locale: Locale): Promise<LiveNotice[]> {
  const images = await publicImagesById(
    db,
    rows.flatMap((row) => (row.image_id ? [row.image_id] : [])),
  );
  return rows.map((row) => {
    const translations = row.translations as NoticeTranslations;
    const served = servedLocale(locale, translations);
    const text = translations[served] ?? { title: "", body: "" };
    return {
      id: String(row.id),
      locale: served,
      title: text.title,
      body: text.body,
      link: row.link,
      image: row.image_id ? (images.get(row.image_id) ?? null) : null,
    };
  });
}

/** Home's carousel: the banners live now, in the reader's language or the next they read. */
export async function liveBanners(db: Executor, locale: Locale, now: Date): Promise<LiveBanners> {
  const rows = await liveAt(db, "banner", now).orderBy("position").orderBy("id").execute();
  return { items: await inLocale(db, rows, locale) };
}

/**
 * The pop-up live now: the one started last when schedules overlap. For a signed-in `userId`, none
 * when they dismissed its current version (on any device).
 */
export async function livePopup(
  db: Executor,
  locale: Locale,
  now: Date,
  userId: bigint | null = null,
): Promise<LivePopup> {
  const row = await liveAt(db, "popup", now)
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return { popup: null };
  if (userId !== null) {
    const seen = await db
      .selectFrom("content_notices_seen")
      .select("version")
      .where("user_id", "=", userId)
      .where("notice_id", "=", row.id)
      .executeTakeFirst();
    if (seen && seen.version >= row.version) return { popup: null };
  }
  const [notice] = await inLocale(db, [row], locale);
  return { popup: notice ? { ...notice, version: row.version } : null };
}

/** Records that the user dismissed a pop-up's `version`: a later version is shown again, an earlier one never. */
export async function markPopupSeen(
  db: Executor,
  userId: bigint,
  noticeId: bigint,
  version: number,
  now: Date,
): Promise<void> {
  const notice = await db
    .selectFrom("content_notices")
    .select("version")
    .where("id", "=", noticeId)
    .where("kind", "=", "popup")
    .executeTakeFirst();
  if (!notice || version > notice.version) throw new AppError("NOT_FOUND");
  await db
    .insertInto("content_notices_seen")
    .values({ user_id: userId, notice_id: noticeId, version, seen_at: now })
    .onConflict((oc) =>
      oc.columns(["user_id", "notice_id"]).doUpdateSet((eb) => ({
        version: eb.fn("greatest", [eb.ref("content_notices_seen.version"), eb.ref("excluded.version")]),
        seen_at: now,
      })),
    )
    .execute();
}
