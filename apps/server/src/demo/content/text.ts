import type { ContentKind, ContentText, Locale } from "@tickfair/contract";

/** A demo document: every locale written out, so no reader falls back to another language. */
export interface DemoDocument {
  kind: ContentKind;
  translations: Record<Locale, ContentText>;
}

/**
 * One locale's text. Bodies are written as indented template literals for readability; trimming here
 * keeps the stored text identical to what the contract's schema would make of it.
 */
export function text(title: string, summary: string, body: string): ContentText {
  return { title: title.trim(), summary: summary.trim(), body: body.trim() };
}
