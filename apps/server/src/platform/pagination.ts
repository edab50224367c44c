/**
 * Cursor pagination (ARCHITECTURE §6): a cursor is the last id of the previous page, newest first.
 * A missing or malformed cursor starts from the top; 18 digits always fit a bigint column.
 */
export function cursorId(cursor: string | undefined): bigint | null {
  return cursor !== undefined && /^\d{1,18}$/.test(cursor) ? BigInt(cursor) : null;
}

/** Cuts a `limit + 1` query result into a page and the next cursor. */
export function pageOfRows<R extends { id: bigint }, T>(rows: R[], limit: number, map: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(map), nextCursor: rows.length > limit && last ? String(last.id) : null };
}
