/**
 * The most rows one audit-log CSV export holds, newest first (also sent as its `X-Row-Limit` header):
 * narrow the filters, e.g. a shorter time range, to export what lies past it. Zod-free, so the console
 * shows it without loading a schema.
 */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * The most rows one CSV export of a console list (a review queue, the users) holds, in the list's
 * order (also its `X-Row-Limit` header): narrow the filters to export what lies past it.
 */
export const LIST_CSV_MAX_ROWS = 50_000;

/**
 * The most rows a console list's total counts: past it the total reads "10,000+" and the sum is left
 * out, so a page stays a bounded read however long the history behind it.
 */
export const LIST_TOTAL_CAP = 10_000;
