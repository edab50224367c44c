import { about } from "./about";
import { agreement } from "./agreement";
import { agreementWithLimits } from "./agreement-limits";
import { highlightLedger, highlightTicks } from "./highlights";
import { newsSavings } from "./news-savings";
import { newsVerify } from "./news-verify";
import { privacy } from "./privacy";
import type { DemoDocument } from "./text";

export type { DemoDocument } from "./text";
export { about, agreement, highlightLedger, highlightTicks, newsSavings, newsVerify, privacy };

/** About, privacy and the agreement: one document each, so each is seeded only while its kind is absent. */
export const DEMO_PAGES: readonly DemoDocument[] = [about, privacy, agreement];

/**
 * Later versions of the demo's pages, in order: each is added once to a page that only the demo has
 * written, so a database seeded before it gets it too, as a new version users accept from then on.
 */
export const DEMO_PAGE_VERSIONS: readonly DemoDocument[] = [agreementWithLimits];

/**
 * News and highlights, in the order they are created (the newest is listed first). They are seeded only
 * while no article of their kind exists at all: once an operator has written their own, the demo's
 * would only crowd them.
 */
export const DEMO_ARTICLES: readonly DemoDocument[] = [
  newsVerify,
  newsSavings,
  highlightTicks,
  highlightLedger,
];

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [...DEMO_PAGES, ...DEMO_ARTICLES];
