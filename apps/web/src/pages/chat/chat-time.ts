/** The local calendar day of an instant, to tell where a day separator goes. */
export function localDay(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/** A day separator: "today", "yesterday", else the date (with the year only when it is not this one). */
export function formatChatDay(
  iso: string,
  locale: string,
  words: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const at = new Date(iso);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (localDay(iso) === localDay(now.toISOString())) return words.today;
  if (localDay(iso) === localDay(yesterday.toISOString())) return words.yesterday;
  return new Intl.DateTimeFormat(locale, {
    year: at.getFullYear() === now.getFullYear() ? undefined : "numeric",
    month: "long",
    day: "numeric",
  }).format(at);
}
