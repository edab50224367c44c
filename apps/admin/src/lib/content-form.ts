import type { ContentText, ContentTranslations, ContentVersion, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALES } from "@tickfair/contract";

/** One locale's fields as the form holds them: every field a string, empty when not written. */
type TextValues = { title: string; summary: string; body: string };
export type TranslationValues = Record<Locale, TextValues>;

const EMPTY_TEXT: TextValues = { title: "", summary: "", body: "" };

/** The form's texts: a version's (a new version starts from the latest one's), or all empty. */
export function translationValues(version: ContentVersion | undefined): TranslationValues {
  const out = {} as TranslationValues;
  for (const locale of LOCALES) {
    const text: ContentText | undefined = version?.translations[locale];
    out[locale] = text ? { title: text.title, summary: text.summary, body: text.body } : { ...EMPTY_TEXT };
  }
  return out;
}

/** Whether anything was written in a locale (a locale left empty falls back to the default one). */
export function hasText(text: Partial<TextValues> | undefined): boolean {
  return Boolean(text?.title?.trim() || text?.summary?.trim() || text?.body?.trim());
}

/** The texts to send: the default locale's always, the others only where something was written. */
export function translationsInput(values: Partial<Record<Locale, Partial<TextValues>>>): ContentTranslations {
  const text = (locale: Locale): ContentText => ({
    title: values[locale]?.title?.trim() ?? "",
    summary: values[locale]?.summary?.trim() ?? "",
    body: values[locale]?.body?.trim() ?? "",
  });
  const out: ContentTranslations = { [DEFAULT_LOCALE]: text(DEFAULT_LOCALE) } as ContentTranslations;
  for (const locale of LOCALES) {
    if (locale !== DEFAULT_LOCALE && hasText(values[locale])) out[locale] = text(locale);
  }
  return out;
}
