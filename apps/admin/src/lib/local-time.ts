/**
 * A `datetime-local` value ("2026-11-25T09:30", the operator's own clock) as an ISO instant with its
 * zone, or null when it is no valid time.
 */
export function localTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A `datetime-local` value for an instant, in the operator's own clock ("2026-11-25T09:30"). */
export function isoToLocalTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
