import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { formatRelativeTime } from "./relative-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date("2024-03-20T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const intlAgo = (locale: string, value: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(-value, unit);

describe("formatRelativeTime: just now", () => {
  it.each(LOCALES)("shows a localized 'just now' under 15 minutes in %s", (locale) => {
    const justNow = formatRelativeTime(NOW, NOW, locale);
    expect(justNow.trim()).not.toBe("");
    if (locale !== "en") expect(justNow).not.toBe("just now");
    for (const elapsed of [0, 1, MINUTE, 10 * MINUTE, 15 * MINUTE - 1]) {
      expect(formatRelativeTime(ago(elapsed), NOW, locale)).toBe(justNow);
    }
  });

  it("says it in English as 'just now' and differently in every locale", () => {
    expect(formatRelativeTime(NOW, NOW, "en")).toBe("just now");
    const phrases = LOCALES.map((locale) => formatRelativeTime(NOW, NOW, locale));
    expect(new Set(phrases).size).toBe(LOCALES.length);
  });

  it("falls back to English for a locale it has no phrase for", () => {
    expect(formatRelativeTime(NOW, NOW, "pt-BR")).toBe("just now");
  });

  it("clamps times in the future to just now", () => {
    for (const locale of LOCALES) {
      const justNow = formatRelativeTime(NOW, NOW, locale);
      for (const ahead of [1, MINUTE, 20 * MINUTE, 5 * HOUR, 3 * DAY, 400 * DAY]) {
        expect(formatRelativeTime(new Date(NOW.getTime() + ahead), NOW, locale)).toBe(justNow);
      }
    }
  });
});

describe("formatRelativeTime: minutes and hours", () => {
  it("reads as English expects", () => {
    expect(formatRelativeTime(ago(15 * MINUTE), NOW, "en")).toBe("15 minutes ago");
    expect(formatRelativeTime(ago(59 * MINUTE + 59_999), NOW, "en")).toBe("59 minutes ago");
    expect(formatRelativeTime(ago(HOUR), NOW, "en")).toBe("1 hour ago");
    expect(formatRelativeTime(ago(2 * HOUR + 59 * MINUTE), NOW, "en")).toBe("2 hours ago");
    expect(formatRelativeTime(ago(DAY - 1), NOW, "en")).toBe("23 hours ago");
  });

  it.each(LOCALES)("uses Intl's phrasing in %s", (locale) => {
    expect(formatRelativeTime(ago(15 * MINUTE), NOW, locale)).toBe(intlAgo(locale, 15, "minute"));
    expect(formatRelativeTime(ago(42 * MINUTE + 30_000), NOW, locale)).toBe(intlAgo(locale, 42, "minute"));
    expect(formatRelativeTime(ago(HOUR), NOW, locale)).toBe(intlAgo(locale, 1, "hour"));
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), NOW, locale)).toBe(intlAgo(locale, 23, "hour"));
  });

  it("rounds elapsed time down to whole units for any time between 15 minutes and a day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 15 * MINUTE, max: DAY - 1 }), (elapsed) => {
        const expected =
          elapsed < HOUR
            ? intlAgo("en", Math.floor(elapsed / MINUTE), "minute")
            : intlAgo("en", Math.floor(elapsed / HOUR), "hour");
        expect(formatRelativeTime(ago(elapsed), NOW, "en")).toBe(expected);
      }),
    );
  });
});

describe("formatRelativeTime: older than a day", () => {
  const at = new Date("2024-03-07T09:05:00Z");

  it.each(LOCALES)("shows the date and time in %s", (locale) => {
    const text = formatRelativeTime(at, NOW, locale, "UTC");
    // Thai uses the Buddhist calendar by default: 2024 is 2567 there.
    expect(text).toMatch(locale === "th" ? /2567/ : /2024/);
    expect(text).toMatch(/(^|\D)0?7(\D|$)/);
    expect(text).toMatch(/(^|\D)0?9[:.]05(\D|$)/);
    expect(text).not.toBe(formatRelativeTime(ago(DAY - 1), NOW, locale, "UTC"));
  });

  it("switches to the date at exactly one day", () => {
    const text = formatRelativeTime(ago(DAY), NOW, "en", "UTC");
    expect(text).not.toMatch(/ago/);
    expect(text).toContain("Mar 19, 2024");
    expect(text).toContain("12:00");
  });

  it("reads as English expects, on the apps' two-digit 24-hour clock", () => {
    expect(formatRelativeTime(at, NOW, "en", "UTC")).toBe("Mar 7, 2024, 09:05");
  });

  it("shows the date in the given time zone", () => {
    const lateEvening = new Date("2024-03-07T20:00:00Z");
    expect(formatRelativeTime(lateEvening, NOW, "en", "UTC")).toContain("Mar 7, 2024");
    expect(formatRelativeTime(lateEvening, NOW, "en", "Asia/Shanghai")).toContain("Mar 8, 2024");
    expect(formatRelativeTime(lateEvening, NOW, "en", "Asia/Shanghai")).toMatch(/ 04:00$/);
  });
});
