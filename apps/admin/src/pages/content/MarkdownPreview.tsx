import { micromark } from "micromark";
import { useMemo } from "react";

/** How a body will read: the Markdown rendered as the readers' app renders it (no raw HTML). */
export function MarkdownPreview({ markdown, lang }: { markdown: string; lang: string }) {
  // micromark's defaults (no allowDangerousHtml, no allowDangerousProtocol) escape raw HTML such as
  // <script> to text and drop javascript: and other unsafe link targets, so its output holds only the
  // markup Markdown itself makes: that is why it, and nothing else, may be set as HTML below.
  const html = useMemo(() => micromark(markdown), [markdown]);
  return (
    <div
      className="content-preview"
      lang={lang}
      data-testid="content-preview"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's safe output, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
