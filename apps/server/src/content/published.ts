import {
  type ContentArticlePage,
  type ContentArticleQuery,
  type ContentPageKind,
  type ContentTranslations,
  type Locale,
  type PublishedContent,
  servedLocale,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { cursorId, pageOfRows } from "../platform/pagination";

interface LiveRow {
  id: bigint;
  kind: PublishedContent["kind"];
  version: number;
  translations: unknown;
  published_at: Date;
}

/** The text in the reader's locale, or the next they read that it is written in (servedLocale). */
function inLocale(row: LiveRow, locale: Locale): PublishedContent {
  const translations = row.translations as ContentTranslations;
  const served = servedLocale(locale, translations);
  const text = translations[served] ?? { title: "", summary: "", body: "" };
  return {
    id: String(row.id),
    kind: row.kind,
    version: row.version,
    locale: served,
    title: text.title,
    summary: text.summary,
    body: text.body,
    publishedAt: row.published_at.toISOString(),
  };
}

/** Each document's newest published version, for the documents `where` picks. */
const live = (db: Executor) =>
  db
    .selectFrom("content_documents as d")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("content_versions as v")
          .select(["v.version", "v.translations", "v.published_at"])
          .whereRef("v.document_id", "=", "d.id")
          .where("v.published_at", "is not", null)
          .orderBy("v.version", "desc")
          .limit(1)
          .as("v"),
      (join) => join.onTrue(),
    )
    .select(["d.id", "d.kind", "v.version", "v.translations", sql<Date>`v.published_at`.as("published_at")]);

/** About us, the privacy policy or the service agreement as published now. */
export async function publishedPage(
  db: Executor,
  kind: ContentPageKind,
  locale: Locale,
): Promise<PublishedContent> {
  const row = await live(db).where("d.kind", "=", kind).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return inLocale(row, locale);
}

export async function publishedArticle(db: Executor, id: bigint, locale: Locale): Promise<PublishedContent> {
  const row = await live(db)
    .where("d.id", "=", id)
    .where("d.kind", "in", ["news", "highlight"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return inLocale(row, locale);
}

/** News or highlights that have gone out, the newest document first. */
export async function publishedArticles(
  db: Executor,
  query: ContentArticleQuery,
  locale: Locale,
): Promise<ContentArticlePage> {
  const after = cursorId(query.cursor);
  const rows = await live(db)
    .where("d.kind", "=", query.kind)
    .where("d.first_published_at", "is not", null)
    .$if(after !== null, (q) => q.where("d.id", "<", after ?? 0n))
    .orderBy("d.id", "desc")
    .limit(query.limit + 1)
    .execute();
  return pageOfRows(rows, query.limit, (row) => {
    const { body: _body, ...item } = inLocale(row, locale);
    return item;
  });
}

/** The versions of the agreement and the privacy policy in force now: what a new user accepts. */
export async function acceptedVersionsNow(
  db: Executor,
): Promise<{ agreement: number | null; privacy: number | null }> {
  const rows = await live(db).where("d.kind", "in", ["agreement", "privacy"]).execute();
  return {
    agreement: rows.find((row) => row.kind === "agreement")?.version ?? null,
    privacy: rows.find((row) => row.kind === "privacy")?.version ?? null,
  };
}
