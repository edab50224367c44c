import { localeStore, rememberLanguage, startI18next, storedLanguage } from "@tickfair/browser/i18n-boot";
import { applyRiseColour } from "@tickfair/browser/market-colours";
import { LOCALES, type Locale } from "@tickfair/contract";
import { setDefaultConfig } from "antd-mobile";
import type { Locale as AntdLocale } from "antd-mobile/es/locales/base";
import i18next from "i18next";
import { LANGUAGE_STORAGE_KEY, resolveInitialLocale } from "./language";
import { rememberLanguageCookie } from "./language-cookie";
import type { TextGroup } from "./text-groups";
import { createTextLoader, type Messages, type TextFiles } from "./text-loader";

// One JSON chunk per locale for the core texts (the groups of texts of lazily loaded screens are in
// group-files.ts); only the active locale's is downloaded.
const coreTexts = import.meta.glob<Messages>("./locales/*.json", { import: "default" });
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

const textFiles: TextFiles = {
  async core(lng) {
    const loader = pick(coreTexts, `/${lng}.json`) ?? pick(coreTexts, "/en.json");
    return loader ? loader() : {};
  },
  async group(lng, group) {
    const { groupFiles } = await import("./group-files");
    const loader = pick(groupFiles, `/${group}/${lng}.json`) ?? pick(groupFiles, `/${group}/en.json`);
    return loader ? loader() : {};
  },
};

const texts = createTextLoader(textFiles, (lng, messages) => {
  i18next.addResourceBundle(lng, "translation", messages, true, true);
});

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

/** The active antd-mobile locale, for a ConfigProvider (useSyncExternalStore). */
export const antdLocaleStore = localeStore<AntdLocale>();

function applyLanguage(lng: Locale, locale: AntdLocale): void {
  setDefaultConfig({ locale });
  antdLocaleStore.set(locale);
  // Prerendering at build: the page's language is written into its HTML.
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  applyRiseColour(lng);
}

/** Loads all a language needs (the texts of the screens shown so far included), then switches to it. */
async function show(lng: Locale): Promise<void> {
  const [errors, antd] = await Promise.all([
    loadErrorMessages(lng),
    loadAntdLocale(lng),
    texts.loadLanguage(lng),
  ]);
  i18next.addResourceBundle(lng, "errors", errors, true, true);
  await i18next.changeLanguage(lng);
  applyLanguage(lng, antd);
}

/** Loads the stored (or default) language and initializes i18next before the first render. */
export async function initI18n(): Promise<void> {
  const stored = storedLanguage(LANGUAGE_STORAGE_KEY);
  const lng = resolveInitialLocale(stored);
  // A choice made before the cookie existed reaches the server from the next load on.
  if (stored) rememberLanguageCookie(lng);
  await startLanguage(lng);
}

let i18nextStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => {
  i18nextStarted = resolve;
});

/**
 * Resolves once the app's language is chosen (i18next started), before its texts have arrived: what
 * a route's prefetch waits for to ask for data in that language, alongside the page's code and texts.
 */
export function languageChosen(): Promise<Locale> {
  return started.then(currentLocale);
}

/** Shows `lng` with i18next started if it was not yet: the build prerenders one language after another. */
export async function startLanguage(lng: Locale): Promise<void> {
  if (!i18next.isInitialized) await startI18next(lng, LOCALES, ["translation", "errors"]);
  i18nextStarted();
  await texts.switchLanguage(lng, () => show(lng));
}

/** Switches the language at once: loads its files, updates <html lang>, remembers the choice. */
export async function changeLanguage(lng: Locale): Promise<void> {
  await texts.switchLanguage(lng, () => show(lng));
  rememberLanguage(LANGUAGE_STORAGE_KEY, lng);
  rememberLanguageCookie(lng);
}

/**
 * Loads the texts a lazily loaded screen needs (routes.tsx), for the language it will be shown in;
 * later language switches load them too.
 */
export function loadTextGroups(groups: readonly TextGroup[]): Promise<void> {
  return texts.loadGroups(groups);
}

/** The active locale as one of ours. */
export function currentLocale(): Locale {
  return resolveInitialLocale(i18next.language);
}

export { i18next };
