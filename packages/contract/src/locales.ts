export const LOCALES = ["zh-CN", "zh-TW", "en", "ja", "th", "vi", "id", "ko", "fr", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh-CN";

export const LOCALE_NAMES: Record<Locale, string> = {
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  en: "English",
  ja: "日本語",
  th: "ไทย",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  ko: "한국어",
  fr: "Français",
  de: "Deutsch",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Picks the best supported locale from an Accept-Language header or a stored preference. */
export function matchLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    if (isLocale(tag)) return tag;
    // Language tags are case-insensitive; some clients write "zh_TW" or "zh-tw".
    const lower = tag.toLowerCase().replace(/_/g, "-");
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    if (/^zh-(tw|hk|mo)(-|$)/.test(lower) || lower.startsWith("zh-hant")) return "zh-TW";
    if (lower.startsWith("zh")) return "zh-CN";
    const base = lower.split("-")[0];
    const found = LOCALES.find((l) => l === base);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
