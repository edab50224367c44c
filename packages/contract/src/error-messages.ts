import de from "../locales/errors/de.json" with { type: "json" };
import en from "../locales/errors/en.json" with { type: "json" };
import fr from "../locales/errors/fr.json" with { type: "json" };
import id from "../locales/errors/id.json" with { type: "json" };
import ja from "../locales/errors/ja.json" with { type: "json" };
import ko from "../locales/errors/ko.json" with { type: "json" };
import th from "../locales/errors/th.json" with { type: "json" };
import vi from "../locales/errors/vi.json" with { type: "json" };
import zhCN from "../locales/errors/zh-CN.json" with { type: "json" };
import zhTW from "../locales/errors/zh-TW.json" with { type: "json" };
import type { ErrorCode } from "./errors";
import { LOCALES, type Locale } from "./locales";

/** Every locale's error messages; the server uses them, the web app loads only its own locale's file. */
export const ERROR_MESSAGES: Record<Locale, Record<string, string>> = {
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  en,
  ja,
  th,
  vi,
  id,
  ko,
  fr,
  de,
};

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_MESSAGES[locale]?.[code] ?? ERROR_MESSAGES.en[code] ?? code;
}

export { LOCALES };
