import type { AuditFilters } from "@tickfair/contract";

/**
 * The audit log's filters, kept in the URL's search params under their API names, so a filtered view
 * can be reloaded, shared and exported as it is. Empty values are left out; the server checks the
 * rest and answers a bad one with its error, shown above the table.
 */
const AUDIT_FILTER_KEYS = ["operator", "action", "targetType", "targetId", "from", "to"] as const;

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** `params` with the filters replaced by `filters` (back to page one); other params kept. */
export function auditFilterParams(params: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("after");
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return AUDIT_FILTER_KEYS.some((key) => filters[key] !== undefined);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a `<input type="datetime-local">` value in the browser's zone ("2026-03-02T10:00"). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as the ISO instant the API takes; undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The export's file name: what it is and when it was taken, in the browser's zone. */
export function auditCsvFileName(at: Date): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  return `tickfair-audit-log-${day}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}
