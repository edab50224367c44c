import { type ContentText, LOCALES, type Locale } from "@tickfair/contract";
import { type DemoDocument, readLocaleFiles } from "./text";

/** A body with `section` placed before its last heading (disputes stay the agreement's last word). */
function withSection(body: string, section: string): string {
  const last = body.lastIndexOf("\n## ");
  return `${body.slice(0, last)}\n\n${section.trim()}\n${body.slice(last)}`;
}

/**
 * The agreement's second version: the first with its section on the limits users set on themselves
 * (ARCHITECTURE §5 "Responsible trading": what they cover, when a change applies, and that nobody lifts
 * a break early), from `agreement-limits/<locale>.md`.
 */
export async function agreementWithLimits(agreement: DemoDocument): Promise<DemoDocument> {
  const sections = await readLocaleFiles("agreement-limits");
  const translations = Object.fromEntries(
    LOCALES.map((locale) => {
      const text = agreement.translations[locale];
      return [locale, { ...text, body: withSection(text.body, sections[locale]) } satisfies ContentText];
    }),
  ) as Record<Locale, ContentText>;
  return { kind: agreement.kind, translations };
}
