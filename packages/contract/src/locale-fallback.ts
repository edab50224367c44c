import { DEFAULT_LOCALE, type Locale } from "./locales";

const CHINESE: readonly Locale[] = ["zh-CN", "zh-TW"];

/**
 * The languages a reader is shown a text in, best first, when an operator wrote it in some languages
 * only (broadcasts, articles): their own; then a Chinese reader the other Chinese script, anyone else
 * English, the language they are most likely to read after their own; then the default locale, which
 * every such text has.
 */
export function readingOrder(reader: Locale): readonly Locale[] {
  const next: Locale = CHINESE.includes(reader) ? (reader === "zh-TW" ? "zh-CN" : "zh-TW") : "en";
  return [...new Set<Locale>([reader, next, DEFAULT_LOCALE])];
}

/** The language a reader is served from those a text is written in: the first of their reading order. */
export function servedLocale(reader: Locale, written: Partial<Record<Locale, unknown>>): Locale {
  return readingOrder(reader).find((locale) => written[locale] !== undefined) ?? DEFAULT_LOCALE;
}
