/**
 * A cursor-paginated list's place, kept in the URL's search params so that reload, back and a shared
 * link show the same page: `after` holds the cursors that led to the current page, oldest first
 * (empty on page one), so "previous" needs no request. Other params (filters) are left as they are.
 */
const AFTER = "after";

interface PageTrail {
  /** The cursor to ask the current page with; undefined on page one. */
  cursor: string | undefined;
  /** 1-based. */
  page: number;
}

function cursorsOf(params: URLSearchParams): string[] {
  return (params.get(AFTER) ?? "").split(",").filter((cursor) => cursor !== "");
}

export function readPageTrail(params: URLSearchParams): PageTrail {
  const cursors = cursorsOf(params);
  return { cursor: cursors.at(-1), page: cursors.length + 1 };
}

function withCursors(params: URLSearchParams, cursors: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (cursors.length === 0) next.delete(AFTER);
  else next.set(AFTER, cursors.join(","));
  return next;
}

/** The params of the page after the current one, asked with the current page's `nextCursor`. */
export function nextPageParams(params: URLSearchParams, nextCursor: string): URLSearchParams {
  return withCursors(params, [...cursorsOf(params), nextCursor]);
}

export function previousPageParams(params: URLSearchParams): URLSearchParams {
  return withCursors(params, cursorsOf(params).slice(0, -1));
}

/** A filter changed: `name` set (or removed when undefined), back to page one. */
export function filterParams(
  params: URLSearchParams,
  name: string,
  value: string | undefined,
): URLSearchParams {
  const next = withCursors(params, []);
  if (value === undefined) next.delete(name);
  else next.set(name, value);
  return next;
}

/** Rows per page of every list in the console. */
export const PAGE_SIZE = 20;
