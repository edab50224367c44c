import type { BroadcastInput, BroadcastText, BroadcastTranslations, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALES, servedLocale } from "@tickfair/contract";
import type { PublishTimeValues } from "../components/PublishTimeField/PublishTimeField";
import { localTimeToIso } from "./local-time";

/** The contract's limits of one locale's text (broadcastText), said here as the console loads no zod. */
export const BROADCAST_TITLE_MAX = 80;
export const BROADCAST_BODY_MAX = 2_000;

type BroadcastTextValues = { title: string; body: string };
export type BroadcastTextsValues = Record<Locale, BroadcastTextValues>;

export interface BroadcastFormValues extends PublishTimeValues {
  translations: BroadcastTextsValues;
  reason: string;
}

export function emptyBroadcastForm(): BroadcastFormValues {
  const translations = {} as BroadcastTextsValues;
  for (const locale of LOCALES) translations[locale] = { title: "", body: "" };
  return { translations, when: "now", publishAt: "", reason: "" };
}

/** Whether anything was written in a locale (one left empty gets the default locale's text). */
export function hasBroadcastText(text: Partial<BroadcastTextValues> | undefined): boolean {
  return Boolean(text?.title?.trim() || text?.body?.trim());
}

type TextsSoFar = Partial<Record<Locale, Partial<BroadcastTextValues>>> | undefined;

const trimmed = (text: Partial<BroadcastTextValues> | undefined): BroadcastText => ({
  title: text?.title?.trim() ?? "",
  body: text?.body?.trim() ?? "",
});

/** What to send: the default locale's text always, the others only where written, trimmed. */
export function broadcastInputOf(values: BroadcastFormValues): BroadcastInput {
  const translations = {
    [DEFAULT_LOCALE]: trimmed(values.translations[DEFAULT_LOCALE]),
  } as BroadcastTranslations;
  for (const locale of LOCALES) {
    if (locale !== DEFAULT_LOCALE && hasBroadcastText(values.translations[locale]))
      translations[locale] = trimmed(values.translations[locale]);
  }
  return {
    translations,
    publishAt: values.when === "later" ? localTimeToIso(values.publishAt) : null,
    reason: values.reason.trim(),
  };
}

/** The locales written so far, as the server will hold them (the default locale's always). */
function writtenLocales(texts: TextsSoFar): Partial<Record<Locale, true>> {
  const written: Partial<Record<Locale, true>> = { [DEFAULT_LOCALE]: true };
  for (const locale of LOCALES) if (hasBroadcastText(texts?.[locale])) written[locale] = true;
  return written;
}

/**
 * What a reader of `locale` will get, as the server picks it (servedLocale): that locale's text, or
 * the next one they read that is written; `served` names which.
 */
export function readerText(
  texts: TextsSoFar,
  locale: Locale,
): { text: BroadcastText; fallback: boolean; served: Locale } {
  const served = servedLocale(locale, writtenLocales(texts));
  return { text: trimmed(texts?.[served]), fallback: served !== locale, served };
}

/** The locales left empty, each with the locale its readers will be shown instead: the form's warning. */
export function emptyLocales(texts: TextsSoFar): { locale: Locale; served: Locale }[] {
  return LOCALES.flatMap((locale) => {
    const { fallback, served } = readerText(texts, locale);
    return fallback ? [{ locale, served }] : [];
  });
}

/** The form's fields a server error may name. */
type BroadcastFieldName = ["translations", Locale, "title" | "body"] | ["publishAt"] | ["reason"];

function fieldName(path: string): BroadcastFieldName | null {
  if (path === "publishAt" || path === "reason") return [path];
  const [group, locale, field, ...rest] = path.split(".");
  const known = LOCALES.find((l) => l === locale);
  if (group !== "translations" || !known || rest.length > 0) return null;
  return field === "title" || field === "body" ? ["translations", known, field] : null;
}

/**
 * The server's field errors ("translations.en.body": "VALIDATION_FAILED") as the form's field names,
 * each with its code; a path the form has no field for is left to the error shown above the buttons.
 */
export function formFieldErrors(
  fields: Readonly<Record<string, string>>,
): { name: BroadcastFieldName; code: string }[] {
  return Object.entries(fields).flatMap(([path, code]) => {
    const name = fieldName(path);
    return name ? [{ name, code }] : [];
  });
}
