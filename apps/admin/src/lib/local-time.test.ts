import { describe, expect, it } from "vitest";
import { isoToLocalTime, localTimeToIso } from "./local-time";

describe("a publish time typed in the operator's clock", () => {
  it("turns a local date-time into an instant with its zone and back", () => {
    const iso = localTimeToIso("2026-11-25T09:30");
    expect(iso).toMatch(/Z$/);
    expect(isoToLocalTime(new Date(iso ?? ""))).toBe("2026-11-25T09:30");
    expect(localTimeToIso("tomorrow")).toBeNull();
  });
});
