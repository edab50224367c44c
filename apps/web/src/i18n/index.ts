import { LOCALES, type Locale } from "@tickfair/contract";
import { setDefaultConfig } from "antd-mobile";
import type { Locale as AntdLocale } from "antd-mobile/es/locales/base";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_STORAGE_KEY, resolveInitialLocale } from "./language";

type Messages = Record<string, unknown>;

// One JSON chunk per locale; only the active one is downloaded.
const appMessages = import.meta.glob<Messages>("./locales/*.json", { import: "default" });
// The contract's error messages per locale (packages/contract/locales/errors/<locale>.json).
const errorMessages = import.meta.glob<Messages>("../../../../packages/contract/locales/errors/*.json", {
  import: "default",
});

// antd-mobile's own texts (Dialog/Toast/Picker buttons). zh-CN is antd-mobile's built-in default.
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  "zh-CN": () => import("antd-mobile/es/locales/zh-CN"),
  "zh-TW": () => import("antd-mobile/es/locales/zh-TW"),
  en: () => import("antd-mobile/es/locales/en-US"),
  ja: () => import("antd-mobile/es/locales/ja-JP"),
  th: () => import("antd-mobile/es/locales/th-TH"),
  vi: () => import("antd-mobile/es/locales/vi-VN"),
  id: () => import("antd-mobile/es/locales/id-ID"),
  ko: () => import("antd-mobile/es/locales/ko-KR"),
  fr: () => import("antd-mobile/es/locales/fr-FR"),
  de: () => import("antd-mobile/es/locales/de-DE"),
};

function pick<T>(loaders: Record<string, () => Promise<T>>, suffix: string): (() => Promise<T>) | undefined {
  const key = Object.keys(loaders).find((path) => path.endsWith(suffix));
  return key ? loaders[key] : undefined;
}

async function loadAppMessages(lng: Locale): Promise<Messages> {
  const loader = pick(appMessages, `/${lng}.json`) ?? pick(appMessages, "/en.json");
  return loader ? loader() : {};
}

async function loadErrorMessages(lng: Locale): Promise<Messages> {
  // Until every locale has its file in the contract package, fall back to English.
  const loader = pick(errorMessages, `/${lng}.json`) ?? pick(errorMessages, "/en.json");
  return loader ? loader() : {};
}

async function loadAntdLocale(lng: Locale): Promise<AntdLocale> {
  try {
    return (await antdLocales[lng]()).default;
  } catch {
    return (await antdLocales.en()).default;
  }
}

let antdLocale: AntdLocale | null = null;
const antdListeners = new Set<() => void>();

/** The active antd-mobile locale, for a ConfigProvider (useSyncExternalStore). */
export const antdLocaleStore = {
  get: (): AntdLocale | null => antdLocale,
  subscribe(listener: () => void): () => void {
    antdListeners.add(listener);
    return () => antdListeners.delete(listener);
  },
};

function applyLanguage(lng: Locale, locale: AntdLocale): void {
  antdLocale = locale;
  setDefaultConfig({ locale });
  for (const listener of antdListeners) listener();
  document.documentElement.lang = lng;
}

async function loadBundles(lng: Locale): Promise<AntdLocale> {
  const [app, errors, antd] = await Promise.all([
    loadAppMessages(lng),
    loadErrorMessages(lng),
    loadAntdLocale(lng),
  ]);
  i18next.addResourceBundle(lng, "translation", app, true, true);
  i18next.addResourceBundle(lng, "errors", errors, true, true);
  return antd;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Loads the stored (or default) language and initializes i18next before the first render. */
export async function initI18n(): Promise<void> {
  const lng = resolveInitialLocale(readStoredLanguage());
  await i18next.use(initReactI18next).init({
    lng,
    supportedLngs: [...LOCALES],
    fallbackLng: false,
    ns: ["translation", "errors"],
    defaultNS: "translation",
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const antd = await loadBundles(lng);
  await i18next.changeLanguage(lng);
  applyLanguage(lng, antd);
}

/** Switches the language at once: loads its files, remembers the choice, updates <html lang>. */
export async function changeLanguage(lng: Locale): Promise<void> {
  const antd = await loadBundles(lng);
  await i18next.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  applyLanguage(lng, antd);
}

/** The active locale as one of ours. */
export function currentLocale(): Locale {
  return resolveInitialLocale(i18next.language);
}

export { i18next };
