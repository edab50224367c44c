import { describe, expect, it } from "vitest";
import { formatElapsed, secondsBetween } from "./elapsed";

describe("formatElapsed", () => {
  it("tells a span in its two largest units, in the reader's language", () => {
    expect(formatElapsed(2 * 3600 + 14 * 60 + 59, "en")).toBe("2 hr 14 min");
    expect(formatElapsed(2 * 3600 + 14 * 60, "zh-CN")).toBe("2小时14分钟");
    expect(formatElapsed(30 * 3600, "en")).toBe("1 day 6 hr");
    // French sets its units apart with narrow no-break spaces.
    expect(formatElapsed(3 * 3600 + 20 * 60, "fr").replace(/\s/gu, " ")).toBe("3 h 20 min");
    expect(formatElapsed(45, "ko")).toBe("45초");
  });

  it("stops at a gap rather than skipping a unit, and never goes below zero", () => {
    // 1 day and 5 minutes: "1 day" (not "1 day 5 min", which would read as if hours were counted).
    expect(formatElapsed(86_400 + 300, "en")).toBe("1 day");
    expect(formatElapsed(7200, "en")).toBe("2 hr");
    expect(formatElapsed(0, "en")).toBe("0 sec");
    expect(formatElapsed(-5, "en")).toBe("0 sec");
  });

  it("counts whole seconds between two ISO times", () => {
    expect(secondsBetween("2026-03-02T08:00:00.000Z", "2026-03-02T10:14:30.900Z")).toBe(8070);
  });
});
