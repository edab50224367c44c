import { DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from "@tickfair/contract";

/** localStorage key of the chosen language (value like "en" or "zh-CN"). */
export const LANGUAGE_STORAGE_KEY = "language";

/**
 * The language to start with: the stored choice when it is one of ours (older values such as
 * "en-US" or "zh-Hant" are mapped to the closest locale), otherwise the default, simplified Chinese.
 */
export function resolveInitialLocale(stored: string | null | undefined): Locale {
  if (!stored) return DEFAULT_LOCALE;
  if (isLocale(stored)) return stored;
  return matchLocale(stored);
}
