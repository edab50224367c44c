import { createHash } from "node:crypto";
import fs from "node:fs";

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow exactly the inline scripts of the
 * built apps' pages, and nothing else inline: the H5 app's shell picks its screen and words in one
 * before the first paint. Pages not built yet have none.
 */
export function inlineScriptSources(htmlFiles: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const file of htmlFiles) {
    if (!fs.existsSync(file)) continue;
    for (const match of fs
      .readFileSync(file, "utf8")
      .matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      sources.add(
        `'sha256-${createHash("sha256")
          .update(match[1] ?? "", "utf8")
          .digest("base64")}'`,
      );
    }
  }
  return [...sources];
}
