import type { ListFilters } from "@tickfair/contract";

/**
 * A console list's filters (search text, a range of platform days) and its page size, kept in the
 * URL's search params under their API names so a filtered view can be reloaded, shared and exported
 * as it is. A change goes back to page one; other params (a status tab) are kept.
 */
const FILTER_KEYS = ["q", "from", "to"] as const;
export const PAGE_SIZES = [20, 50, 100] as const;
const SIZE = "size";

export function readListFilters(params: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function listFilterParams(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("after");
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasListFilters(filters: ListFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** Rows per page: one of PAGE_SIZES, the first unless the URL names another. */
export function readPageSize(params: URLSearchParams): number {
  const size = Number(params.get(SIZE));
  return PAGE_SIZES.find((allowed) => allowed === size) ?? PAGE_SIZES[0];
}

export function pageSizeParams(params: URLSearchParams, size: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("after");
  if (size === PAGE_SIZES[0]) next.delete(SIZE);
  else next.set(SIZE, String(size));
  return next;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An export's file name: which list and when it was taken, in the browser's zone. */
export function listCsvFileName(list: string, at: Date): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  return `tickfair-${list}-${day}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}
