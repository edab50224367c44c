import { formatDateAndClock } from "./clock-format";

const JUST_NOW: Record<string, string> = {
  "zh-CN": "刚刚",
  "zh-TW": "剛剛",
  en: "just now",
  ja: "たった今",
  th: "เมื่อสักครู่",
  vi: "vừa xong",
  id: "baru saja",
  ko: "방금",
  fr: "à l’instant",
  de: "gerade eben",
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The specification's relative time: under 15 minutes "just now"; then minutes, then hours;
 * older than a day, the date and time. Localized with Intl.
 */
export function formatRelativeTime(at: Date, now: Date, locale: string, timeZone?: string): string {
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < 15 * MINUTE) return JUST_NOW[locale] ?? JUST_NOW.en ?? "just now";
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  return formatDateAndClock(at, locale, timeZone ? { timeZone } : {});
}
