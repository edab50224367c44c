import { LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { CHART_VIEWS } from "./chart-prefs";
import { nameWithLabel, spokenPeriod } from "./period-names";

describe("a chart period's spoken name", () => {
  it("says each interval in words, in every language, and leaves the tick line's word alone", () => {
    expect(CHART_VIEWS.map((view) => spokenPeriod(view, "en"))).toEqual([
      undefined,
      "1 minute",
      "5 minutes",
      "15 minutes",
      "30 minutes",
      "1 hour",
      "1 day",
      "1 week",
    ]);
    expect(spokenPeriod("5m", "zh-CN")).toBe("5分钟");
    for (const locale of LOCALES) {
      const names = CHART_VIEWS.slice(1).map((view) => spokenPeriod(view, locale));
      expect(new Set(names).size, locale).toBe(names.length);
    }
  });
});

describe("a chip's accessible name", () => {
  it("starts with what the chip shows, then the words, so a voice user can say what they see", () => {
    expect(nameWithLabel("5m", "5 minutes")).toBe("5m (5 minutes)");
    expect(nameWithLabel("VOL", "成交量")).toBe("VOL (成交量)");
    expect(nameWithLabel("分时", undefined)).toBeUndefined();
    expect(nameWithLabel("MA", "MA")).toBeUndefined();
  });
});
