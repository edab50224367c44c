import i18next from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * What both apps' language start-up shares: i18next started empty (each app adds its texts per
 * language as files arrive), the chosen language kept in localStorage, and the active UI-kit locale
 * held where components read it with useSyncExternalStore.
 */

/** The UI kit's active locale (antd's or antd-mobile's): null until the first language is shown. */
export function localeStore<T>() {
  let value: T | null = null;
  const listeners = new Set<() => void>();
  return {
    get: (): T | null => value,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: T): void {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

export function storedLanguage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberLanguage(key: string, lng: string): void {
  try {
    localStorage.setItem(key, lng);
  } catch {
    // private mode: the choice lasts for this visit only
  }
}

/** Starts i18next in `lng`, one of the app's languages, with no texts yet, before the first render. */
export function startI18next(lng: string, supportedLngs: readonly string[], ns: string[]): Promise<unknown> {
  return i18next.use(initReactI18next).init({
    lng,
    supportedLngs,
    fallbackLng: false,
    ns,
    defaultNS: "translation",
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // i18next otherwise prints an advertisement in every visitor's console.
    showSupportNotice: false,
  });
}
