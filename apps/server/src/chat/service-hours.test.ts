import { describe, expect, it } from "vitest";
import { parseServiceWindow, serviceHoursAt } from "./service-hours";

describe("service hours", () => {
  const shanghai = "Asia/Shanghai";
  it("are open from the first minute up to, not including, the last, on the platform's clock", () => {
    const window = parseServiceWindow("09:00-21:00");
    // 01:00Z is 09:00 in Shanghai; 13:00Z is 21:00.
    expect(serviceHoursAt(window, shanghai, new Date("2026-03-02T00:59:00Z")).openNow).toBe(false);
    expect(serviceHoursAt(window, shanghai, new Date("2026-03-02T01:00:00Z")).openNow).toBe(true);
    expect(serviceHoursAt(window, shanghai, new Date("2026-03-02T12:59:00Z")).openNow).toBe(true);
    expect(serviceHoursAt(window, shanghai, new Date("2026-03-02T13:00:00Z"))).toEqual({
      from: "09:00",
      to: "21:00",
      timeZone: shanghai,
      openNow: false,
    });
  });

  it("run over midnight when they end before they start, and all day when both are the same", () => {
    const night = parseServiceWindow("20:00-08:00");
    expect(serviceHoursAt(night, shanghai, new Date("2026-03-02T15:00:00Z")).openNow).toBe(true);
    expect(serviceHoursAt(night, shanghai, new Date("2026-03-02T03:00:00Z")).openNow).toBe(false);
    expect(serviceHoursAt(parseServiceWindow("00:00-00:00"), shanghai, new Date()).openNow).toBe(true);
  });

  it("refuse a window that is not HH:mm-HH:mm", () => {
    for (const text of ["9:00-21:00", "09:00-24:00", "09:00", "09:60-10:00"])
      expect(() => parseServiceWindow(text)).toThrow();
  });
});
