import { micromark } from "micromark";

/**
 * Markdown to HTML for content documents (ARCHITECTURE §5: no raw HTML). micromark's defaults are
 * what make the result safe to insert: `allowDangerousHtml` is off, so any HTML in the source
 * (`<script>`, `<img onerror=…>`) comes out as escaped text, and `allowDangerousProtocol` is off,
 * so a link or image to anything but http(s), mailto, irc(s) or a relative address gets an empty
 * href. Never pass options that turn either on.
 */
export function renderMarkdown(source: string): string {
  return micromark(source);
}

/** A publish time as the reader's calendar date ("24 November 2026", "2026年11月24日"). */
export function formatPublishedDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(iso),
  );
}
