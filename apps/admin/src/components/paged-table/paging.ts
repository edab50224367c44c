import { useState } from "react";
import { useSearchParams } from "react-router";
import { PAGE_SIZES, pageSizeParams, readPageSize } from "../../lib/list-filters";
import { nextPageParams, PAGE_SIZE, previousPageParams, readPageTrail } from "../../lib/page-trail";

/** Where a cursor-paginated list stands and how it moves: what PagedTable's pager works. */
export interface Paging {
  /** What to ask the current page with. */
  request: { cursor: string | undefined; limit: number };
  /** 1-based. */
  page: number;
  previous(): void;
  next(cursor: string): void;
  /** The rows-per-page choice; absent where a list has the one size. */
  sizes?: { choices: readonly number[]; choose(size: number): void };
}

/**
 * A list's place kept in the URL (lib/page-trail.ts), so reload, back and a shared link show the same
 * page; with `sizes`, the operator also picks the rows per page, kept there too.
 */
export function useUrlPaging({ sizes = false }: { sizes?: boolean } = {}): Paging {
  const [params, setParams] = useSearchParams();
  const { cursor, page } = readPageTrail(params);
  return {
    request: { cursor, limit: sizes ? readPageSize(params) : PAGE_SIZE },
    page,
    previous: () => setParams(previousPageParams(params)),
    next: (nextCursor) => setParams(nextPageParams(params, nextCursor)),
    sizes: sizes
      ? { choices: PAGE_SIZES, choose: (size) => setParams(pageSizeParams(params, size)) }
      : undefined,
  };
}

/**
 * A list's place kept in the component: for a list inside a page whose URL belongs to something else
 * (a user's tabs). It starts again on page one when the component does.
 */
export function useLocalPaging(): Paging {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    request: { cursor: cursors.at(-1), limit: PAGE_SIZE },
    page: cursors.length + 1,
    previous: () => setCursors((list) => list.slice(0, -1)),
    next: (cursor) => setCursors((list) => [...list, cursor]),
  };
}
