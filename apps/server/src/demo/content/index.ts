import { agreementWithLimits } from "./agreement-limits";
import { type DemoDocument, readDocument } from "./text";

export type { DemoDocument } from "./text";

export interface DemoContent {
  /** About, privacy and the agreement: one document each, so each is seeded only while its kind is absent. */
  pages: readonly DemoDocument[];
  /**
   * Later versions of the demo's pages, in order: each is added once to a page that only the demo has
   * written, so a database seeded before it gets it too, as a new version users accept from then on.
   */
  pageVersions: readonly DemoDocument[];
  /**
   * News and highlights, in the order they are created (the newest is listed first). They are seeded
   * only while no article of their kind exists at all: once an operator has written their own, the
   * demo's would only crowd them.
   */
  articles: readonly DemoDocument[];
}

/** The demo's texts, read from the Markdown files beside this module (one folder per document). */
export async function loadDemoContent(): Promise<DemoContent> {
  const [about, privacy, agreement, newsVerify, newsSavings, highlightTicks, highlightLedger] =
    await Promise.all([
      // What the app is, that this demo is simulated and virtual, and why outcomes can be trusted.
      readDocument("about", "about"),
      // Only what the app really keeps, who sees it, and how to ask for deletion; no company
      // boilerplate: whoever hosts it answers.
      readDocument("privacy", "privacy"),
      // The contract rules of ARCHITECTURE §5 stated plainly (a loss takes the whole stake), disputes
      // settled by the recorded ticks and the ledger.
      readDocument("agreement", "agreement"),
      // What the Verify button on a closed contract recomputes (the tick chain of ARCHITECTURE §5).
      readDocument("news", "news-verify"),
      // Yu'ebao as ARCHITECTURE §5 defines it (cut-off, confirmation, floor(shares × rate / 365)).
      readDocument("news", "news-savings"),
      // Home's highlights: the two promises that make the app fair, each a line or two.
      readDocument("highlight", "highlight-ticks"),
      readDocument("highlight", "highlight-ledger"),
    ]);
  return {
    pages: [about, privacy, agreement],
    pageVersions: [await agreementWithLimits(agreement)],
    articles: [newsVerify, newsSavings, highlightTicks, highlightLedger],
  };
}
