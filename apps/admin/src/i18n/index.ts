import { localeStore, rememberLanguage, startI18next, storedLanguage } from "@tickfair/browser/i18n-boot";
import type { Locale as AntdLocale } from "antd/es/locale";
import i18next from "i18next";
import { CONSOLE_LOCALES, type ConsoleLocale, LANGUAGE_STORAGE_KEY, resolveInitialLocale } from "./language";

type Messages = Record<string, unknown>;

// One JSON chunk per locale: only the active language's texts are downloaded.
const texts = import.meta.glob<Messages>("./locales/*.json", { import: "default" });

// antd's own texts (pagination, empty tables, modal buttons), one chunk each.
const antdLocales: Record<ConsoleLocale, () => Promise<{ default: AntdLocale }>> = {
  "zh-CN": () => import("antd/es/locale/zh_CN"),
  en: () => import("antd/es/locale/en_US"),
};

async function loadTexts(lng: ConsoleLocale): Promise<Messages> {
  const load = texts[`./locales/${lng}.json`];
  if (!load) throw new Error(`no texts for ${lng}`);
  return load();
}

/** The active antd locale, for the ConfigProvider (useSyncExternalStore). */
export const antdLocaleStore = localeStore<AntdLocale>();

/** Loads a language's texts and antd's, then switches to it at once. */
async function show(lng: ConsoleLocale): Promise<void> {
  const [messages, antd] = await Promise.all([loadTexts(lng), antdLocales[lng]()]);
  i18next.addResourceBundle(lng, "translation", messages, true, true);
  await i18next.changeLanguage(lng);
  antdLocaleStore.set(antd.default);
  document.documentElement.lang = lng;
}

/** Starts i18next in the stored (or the browser's) language before the first render. */
export async function initI18n(): Promise<void> {
  const lng = resolveInitialLocale(storedLanguage(LANGUAGE_STORAGE_KEY), navigator.languages);
  await startI18next(lng, CONSOLE_LOCALES, ["translation"]);
  await show(lng);
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(lng: ConsoleLocale): Promise<void> {
  await show(lng);
  rememberLanguage(LANGUAGE_STORAGE_KEY, lng);
}
