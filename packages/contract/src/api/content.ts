import { z } from "zod";
import { isAppLink } from "../app-links";
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

/** Texts by locale: the default locale's required, the others falling back to it; other keys refused. */
function translationsOf<Text extends z.ZodType>(text: Text) {
  return z.strictObject(
    Object.fromEntries(
      LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? text : text.optional()]),
    ) as Record<Locale, z.ZodOptional<Text>>,
  );
}

/** A version's texts by locale. */
export const contentTranslations = translationsOf(contentText);
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

// ── Banners and pop-up notices ──────────────────────────────────────────────────────────────────

export const appLink = z
  .string()
  .trim()
  .max(300, { message: "CONTENT_LINK_INVALID" })
  .refine(isAppLink, { message: "CONTENT_LINK_INVALID" })
  .describe("A page of the phone app, e.g. /pages/Detail/Detail?symbol=BTC%2FUSDT");

/** One locale's text of a banner or a pop-up: a title, and a line (banner) or a short notice (pop-up). */
export const noticeText = z.object({
  title: z.string().trim().min(1, { message: "REQUIRED" }).max(80, { message: "VALIDATION_FAILED" }),
  body: z.string().trim().max(1000, { message: "VALIDATION_FAILED" }).default(""),
});
export type NoticeText = z.infer<typeof noticeText>;

/** A banner's or pop-up's texts by locale, the others falling back as servedLocale does. */
export const noticeTranslations = translationsOf(noticeText);
export type NoticeTranslations = z.infer<typeof noticeTranslations>;

/** An image of the public image store, as a page shows it: its address and its size in pixels. */
export const publicImage = z.object({
  id: z.string().uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublicImage = z.infer<typeof publicImage>;

/** A banner or pop-up as a reader gets it, in their language or the next they read. */
export const liveNotice = z.object({
  id: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  image: publicImage.nullable(),
});
export type LiveNotice = z.infer<typeof liveNotice>;
export const liveBanners = listOf(liveNotice);
export type LiveBanners = z.infer<typeof liveBanners>;

/** The pop-up live now (or none), with its version: shown once per reader per version. */
export const livePopup = z.object({ popup: liveNotice.extend({ version: z.number().int() }).nullable() });
export type LivePopup = z.infer<typeof livePopup>;
export const popupSeenInput = z.object({ version: z.number().int().min(1) });
export type PopupSeenInput = z.infer<typeof popupSeenInput>;

export const CONTENT_NOTICE_KINDS = ["banner", "popup"] as const;
export const contentNoticeKind = z.enum(CONTENT_NOTICE_KINDS);
export type ContentNoticeKind = z.infer<typeof contentNoticeKind>;

/**
 * A banner or pop-up as an operator writes it: shown from `startsAt` until `endsAt` (open when null);
 * banners in ascending `position`.
 */
const noticeFields = z.object({
  kind: contentNoticeKind,
  translations: noticeTranslations,
  link: appLink.nullable().default(null),
  imageId: z.string().uuid().nullable().default(null),
  position: z.number().int().min(0).max(999).default(0),
  startsAt: isoTimeInput(),
  endsAt: isoTimeInput().nullable().default(null),
  reason: operatorReason,
});
const endsAfterStart = (input: { startsAt: string; endsAt: string | null }) =>
  input.endsAt === null || Date.parse(input.endsAt) > Date.parse(input.startsAt);
export const noticeInput = noticeFields.refine(endsAfterStart, {
  message: "RANGE_INVALID",
  path: ["endsAt"],
});
export type NoticeInput = z.infer<typeof noticeInput>;
/** A change of a banner or pop-up: everything but its kind. */
export const noticeUpdate = noticeFields
  .omit({ kind: true })
  .refine(endsAfterStart, { message: "RANGE_INVALID", path: ["endsAt"] });
export type NoticeUpdate = z.infer<typeof noticeUpdate>;

/** A banner or pop-up as the console shows it; `version` rises each time its texts change. */
export const contentNotice = z.object({
  id: z.string(),
  kind: contentNoticeKind,
  version: z.number().int(),
  translations: noticeTranslations,
  link: z.string().nullable(),
  image: publicImage.nullable(),
  position: z.number().int(),
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: isoTime,
});
export type ContentNotice = z.infer<typeof contentNotice>;
export const noticeList = listOf(contentNotice);
export type NoticeList = z.infer<typeof noticeList>;
