import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../locales";
import { filteredPageQuery, isoTime, isoTimeInput, listOf, operatorReason, pageOf } from "./common";

/**
 * Content (ARCHITECTURE §5): about us, the privacy policy and the service agreement are one document
 * each; news articles and platform highlights are many. Each document has versions, each with a text
 * per locale (the default locale's required, the others falling back to it) and a publish time.
 */
export const CONTENT_PAGE_KINDS = ["about", "privacy", "agreement"] as const;
export const CONTENT_ARTICLE_KINDS = ["news", "highlight"] as const;
export const CONTENT_KINDS = [...CONTENT_PAGE_KINDS, ...CONTENT_ARTICLE_KINDS] as const;
export const contentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKind>;
export const contentPageKind = z.enum(CONTENT_PAGE_KINDS);
export type ContentPageKind = z.infer<typeof contentPageKind>;
export const contentArticleKind = z.enum(CONTENT_ARTICLE_KINDS);

/** One locale's text: Markdown body, rendered without raw HTML. */
export const contentText = z.object({
  title: z.string().trim().min(1, { message: "REQUIRED" }).max(120, { message: "VALIDATION_FAILED" }),
  summary: z.string().trim().max(300, { message: "VALIDATION_FAILED" }).default(""),
  body: z.string().trim().min(1, { message: "REQUIRED" }).max(20_000, { message: "VALIDATION_FAILED" }),
});
export type ContentText = z.infer<typeof contentText>;

/** A version's texts by locale: the default locale's required; a key that is no locale is refused. */
export const contentTranslations = z.strictObject(
  Object.fromEntries(
    LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? contentText : contentText.optional()]),
  ) as Record<Locale, z.ZodOptional<typeof contentText>>,
);
export type ContentTranslations = z.infer<typeof contentTranslations>;

/** A published document as a reader gets it, in their language or the default one. */
export const publishedContent = z.object({
  id: z.string(),
  kind: contentKind,
  version: z.number().int(),
  /** The locale of the text served (the reader's, or the default one when theirs has none). */
  locale: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  publishedAt: isoTime,
});
export type PublishedContent = z.infer<typeof publishedContent>;

export const contentListItem = publishedContent.omit({ body: true });
export type ContentListItem = z.infer<typeof contentListItem>;
export const contentArticleQuery = filteredPageQuery({ kind: contentArticleKind.default("news") });
export type ContentArticleQuery = z.infer<typeof contentArticleQuery>;
export const contentArticlePage = pageOf(contentListItem);
export type ContentArticlePage = z.infer<typeof contentArticlePage>;

// ── Console ─────────────────────────────────────────────────────────────────────────────────────

/** A version as the console shows it: every locale's text, when it publishes and whether it has. */
export const contentVersion = z.object({
  version: z.number().int(),
  translations: contentTranslations,
  publishAt: isoTime,
  publishedAt: isoTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type ContentVersion = z.infer<typeof contentVersion>;

export const contentDocument = z.object({
  id: z.string(),
  kind: contentKind,
  /** The default locale's title of the newest version. */
  title: z.string(),
  publishedVersion: z.number().int().nullable(),
  latestVersion: z.number().int(),
  firstPublishedAt: isoTime.nullable(),
  versions: z.array(contentVersion),
});
export type ContentDocument = z.infer<typeof contentDocument>;
export const contentDocumentList = listOf(contentDocument.omit({ versions: true }));
export type ContentDocumentList = z.infer<typeof contentDocumentList>;

/**
 * A new version: published at `publishAt` (now when left out or past). A new article is a document
 * with its first version; about, privacy and agreement exist once each and only get versions.
 */
export const contentVersionInput = z.object({
  translations: contentTranslations,
  publishAt: isoTimeInput().nullable().default(null),
  reason: operatorReason,
});
export type ContentVersionInput = z.infer<typeof contentVersionInput>;
export const contentDocumentInput = contentVersionInput.extend({ kind: contentKind });
export type ContentDocumentInput = z.infer<typeof contentDocumentInput>;
