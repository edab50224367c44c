import type { ContentText, ContentTranslations, ContentVersion, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALES } from "@tickfair/contract";

/** One locale's fields as the form holds them: every field a string, empty when not written. */
export type TextValues = { title: string; summary: string; body: string };
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

/**
 * A `datetime-local` value ("2026-11-25T09:30", the operator's own clock) as an ISO instant with its
 * zone, or null when it is no valid time.
 */
export function localTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A `datetime-local` value for an instant, in the operator's own clock ("2026-11-25T09:30"). */
export function isoToLocalTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
