import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ContentKind, type ContentText, LOCALES, type Locale } from "@tickfair/contract";
import { SERVER_ROOT } from "../../platform/server-root";

/** A demo document: every locale written out, so no reader falls back to another language. */
export interface DemoDocument {
  kind: ContentKind;
  translations: Record<Locale, ContentText>;
}

// Found from the server package's folder rather than the working directory, so `npm start` (compiled),
// the tests, the bench and the soak all read the same files.
const CONTENT_FOLDER = path.join(SERVER_ROOT, "src", "demo", "content");

// Title and summary are one line each, ahead of the Markdown body.
const FRONT_MATTER = /^---\ntitle: (.*)\nsummary: (.*)\n---\n/;

/**
 * One Markdown file per locale, `<folder>/<locale>.md`. Line endings are read as `\n` whatever the
 * checkout made of them, so the stored text is the same on every machine and an existing demo
 * database never sees a changed page.
 */
export async function readLocaleFiles(folder: string): Promise<Record<Locale, string>> {
  const files = await Promise.all(
    LOCALES.map(async (locale) => {
      const file = await readFile(path.join(CONTENT_FOLDER, folder, `${locale}.md`), "utf8");
      return [locale, file.replace(/\r\n/g, "\n")] as const;
    }),
  );
  return Object.fromEntries(files) as Record<Locale, string>;
}

/** A document whose files each start with its title and summary. */
export async function readDocument(kind: ContentKind, folder: string): Promise<DemoDocument> {
  const files = await readLocaleFiles(folder);
  const translations = Object.fromEntries(
    LOCALES.map((locale) => [locale, parseText(files[locale], `${folder}/${locale}.md`)]),
  ) as Record<Locale, ContentText>;
  return { kind, translations };
}

// Trimmed as the contract's schema would trim them, so what is stored is what a console edit would store.
function parseText(file: string, name: string): ContentText {
  const front = FRONT_MATTER.exec(file);
  if (!front) throw new Error(`${name} does not start with its title and summary`);
  const [head, title = "", summary = ""] = front;
  return { title: title.trim(), summary: summary.trim(), body: file.slice(head.length).trim() };
}
