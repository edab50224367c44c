/**
 * The full news list (/pages/index/news), an addition to the specification's routes
 * (docs/decisions/0046-news-list.md). A module of its own rather than lib/paths.ts or api/content-list.ts: the router
 * (first load) and home's news (a lazy chunk) both need it, and from here each takes only the string.
 */
export const NEWS_PATH = "/pages/index/news";
