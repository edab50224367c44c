import { describe, expect, it } from "vitest";
import { chartTickLabel } from "./chart-format";

// 2026-11-28 14:05:09 on the chart's (already local) clock.
const at = Date.UTC(2026, 10, 28, 14, 5, 9) / 1000;

describe("the chart's time labels", () => {
  it("are short, 24-hour, and in the app's language whatever the browser's", () => {
    expect(chartTickLabel(at, 3, "en")).toBe("14:05");
    expect(chartTickLabel(at, 4, "en")).toBe("14:05:09");
    expect(chartTickLabel(at, 3, "th")).toBe("14:05");
    expect(chartTickLabel(at, 2, "en")).toBe("Nov 28");
    expect(chartTickLabel(at, 2, "zh-CN")).toBe("11月28日");
    expect(chartTickLabel(at, 2, "de")).toBe("28. Nov.");
    expect(chartTickLabel(at, 0, "en")).toBe("2026");
  });

  it("read the time as given: the shift to local time is made once, before the chart", () => {
    const midnight = Date.UTC(2026, 10, 28, 0, 0, 0) / 1000;
    expect(chartTickLabel(midnight, 3, "en")).toBe("00:00");
  });
});
