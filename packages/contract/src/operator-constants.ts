/**
 * The most rows one audit-log CSV export holds, newest first (also sent as its `X-Row-Limit` header):
 * narrow the filters, e.g. a shorter time range, to export what lies past it. Zod-free, so the console
 * shows it without loading a schema.
 */
export const AUDIT_CSV_MAX_ROWS = 50_000;
