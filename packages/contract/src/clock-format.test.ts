import { describe, expect, it } from "vitest";
import { formatClock, formatDateAndClock } from "./clock-format";
import { LOCALES } from "./locales";

const utc = { timeZone: "UTC" };
const justAfterMidnight = new Date("2026-03-02T00:40:09Z");
const afternoon = new Date("2026-03-02T14:05:00Z");

describe("times of day", () => {
  it.each(LOCALES)("read on a two-digit 24-hour clock in %s, alone and with a date", (locale) => {
    const hourAndMinute = /(^|\D)00[:.]40(\D|$)/;
    expect(formatClock(justAfterMidnight, locale, utc)).toMatch(/^00[:.]40$/);
    expect(formatClock(justAfterMidnight, locale, { ...utc, seconds: true })).toMatch(/^00[:.]40[:.]09$/);
    expect(formatClock(afternoon, locale, utc)).toMatch(/^14[:.]05$/);
    expect(formatDateAndClock(justAfterMidnight, locale, utc)).toMatch(hourAndMinute);
    expect(formatDateAndClock(afternoon, locale, utc)).toMatch(/(^|\D)14[:.]05(\D|$)/);
    // No half-day marker anywhere: "AM", "PM", 上午, 下午, 凌晨, 오전, 오후, ...
    for (const at of [justAfterMidnight, afternoon])
      expect(formatDateAndClock(at, locale, utc)).not.toMatch(/AM|PM|上午|下午|凌晨|午前|午後|오전|오후/);
  });
});
