import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatAnnualRate,
  formatBps,
  formatCount,
  formatCountry,
  formatDate,
  formatTime,
} from "./format";

describe("times in the console", () => {
  it("shows an instant in the operator's own zone, to the second, in 24-hour time", () => {
    const iso = "2026-11-24T01:31:49.000Z";
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, "0");
    const clock = `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(formatTime(iso, "zh-CN")).toContain(clock);
    expect(formatTime(iso, "en")).toContain(clock);
    expect(formatTime(iso, "zh-CN")).toMatch(/^2026\/11\/2[45]/);
  });

  it("passes on what is no time rather than showing Invalid Date", () => {
    expect(formatTime("soon", "en")).toBe("soon");
  });
});

describe("how long something waited", () => {
  it("says it in the largest unit that fits, rounded down", () => {
    expect(formatAge(20_000, "en")).toBe("< 1 min");
    expect(formatAge(12 * 60_000 + 59_000, "en")).toBe("12 min");
    expect(formatAge(3 * 3_600_000 + 1, "en")).toBe("3 hr");
    expect(formatAge(30 * 3_600_000, "en")).toBe("30 hr");
    expect(formatAge(3 * 86_400_000, "en")).toBe("3 days");
    expect(formatAge(12 * 60_000, "zh-CN")).toBe("12分钟");
  });
});

describe("numbers in the console", () => {
  it("groups counts and shows basis points as a percentage", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatBps(50, "en")).toBe("0.50%");
    expect(formatBps(1250, "zh-CN")).toBe("12.50%");
  });
});

describe("savings figures in the console", () => {
  it("shows a day of the platform's calendar as it is, in the locale's numeric form", () => {
    expect(formatDate("2026-11-24", "zh-CN")).toBe("2026/11/24");
    expect(formatDate("2026-01-05", "en")).toBe("01/05/2026");
    expect(formatDate("someday", "en")).toBe("someday");
  });

  it("shows an annual rate with two to four decimals, exactly", () => {
    expect(formatAnnualRate("2.35", "en")).toBe("2.35%");
    expect(formatAnnualRate("1.2345", "zh-CN")).toBe("1.2345%");
    expect(formatAnnualRate("0", "en")).toBe("0.00%");
  });
});

describe("a country", () => {
  it("is named in the operator's language beside its code", () => {
    expect(formatCountry("CN", "zh-CN")).toBe("中国 (CN)");
    expect(formatCountry("DE", "en")).toBe("Germany (DE)");
  });

  it("shows a code nobody can name as it is", () => {
    expect(formatCountry("AA", "en")).toBe("AA");
    expect(formatCountry("not a code", "en")).toBe("not a code");
  });
});
