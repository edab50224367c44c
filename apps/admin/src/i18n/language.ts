import type { Locale } from "@tickfair/contract";

/** The console's languages (ARCHITECTURE §3: zh-CN and English); the first is the default. */
export const CONSOLE_LOCALES = ["zh-CN", "en"] as const satisfies readonly Locale[];
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

/** localStorage key of the chosen language; the H5 app on the same origin keeps its own. */
export const LANGUAGE_STORAGE_KEY = "tickfair-admin-language";

export function isConsoleLocale(value: unknown): value is ConsoleLocale {
  return typeof value === "string" && (CONSOLE_LOCALES as readonly string[]).includes(value);
}

/**
 * The language to start with: the stored choice, else the first of the browser's languages the
 * console speaks (any Chinese reads the simplified texts better than English), else the default.
 */
export function resolveInitialLocale(stored: string | null, browser: readonly string[]): ConsoleLocale {
  if (isConsoleLocale(stored)) return stored;
  for (const tag of browser) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === "zh") return "zh-CN";
    if (language === "en") return "en";
  }
  return CONSOLE_LOCALES[0];
}
