import i18next from "i18next";
import { describeError, describeFields, type ErrorTexts } from "./errors";

function lookup(code: string): string | undefined {
  const key = `errors:${code}`;
  return i18next.exists(key) ? i18next.t(key as "errors:INTERNAL") : undefined;
}

const texts: ErrorTexts = {
  lookup,
  get networkError() {
    return i18next.t("common.networkError");
  },
  get unknownError() {
    return i18next.t("common.unknownError");
  },
};

/** The translated message for an error thrown by an API call (errors:CODE, else the server's message). */
export function errorText(error: unknown): string {
  return describeError(error, texts);
}

/** Translated messages per form field from a 400 with `fields`. */
export function fieldErrorTexts(error: unknown): Record<string, string> {
  return describeFields(error, texts);
}

/** The translation of one contract error code (for client-side checks that mirror the server's). */
export function codeText(code: string): string {
  return lookup(code) ?? texts.unknownError;
}
