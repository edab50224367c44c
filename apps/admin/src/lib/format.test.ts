import { describe, expect, it } from "vitest";
import { formatTime } from "./format";

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
