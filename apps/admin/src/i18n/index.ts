import type { Locale as AntdLocale } from "antd/es/locale";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { type ConsoleLocale, LANGUAGE_STORAGE_KEY, resolveInitialLocale } from "./language";

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

let antdLocale: AntdLocale | null = null;
const listeners = new Set<() => void>();

/** The active antd locale, for the ConfigProvider (useSyncExternalStore). */
export const antdLocaleStore = {
  get: (): AntdLocale | null => antdLocale,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Loads a language's texts and antd's, then switches to it at once. */
async function show(lng: ConsoleLocale): Promise<void> {
  const [messages, antd] = await Promise.all([loadTexts(lng), antdLocales[lng]()]);
  i18next.addResourceBundle(lng, "translation", messages, true, true);
  await i18next.changeLanguage(lng);
  antdLocale = antd.default;
  for (const listener of listeners) listener();
  document.documentElement.lang = lng;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Starts i18next in the stored (or the browser's) language before the first render. */
export async function initI18n(): Promise<void> {
  const lng = resolveInitialLocale(readStoredLanguage(), navigator.languages);
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: ["translation"],
    defaultNS: "translation",
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await show(lng);
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(lng: ConsoleLocale): Promise<void> {
  await show(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
