/**
 * An ISO instant as a numeric date and a 24-hour time to the second, in the operator's own time zone
 * ("2026/11/24 09:31:49", "11/24/2026, 09:31:49"): short enough for a table column, exact for an audit.
 */
export function formatTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(at);
}
