import { describe, expect, it } from "vitest";
import { nextRealityCheckAt, sessionLength } from "./reality-check";

const MINUTE = 60_000;

describe("the reality check's rhythm", () => {
  const start = Date.parse("2026-11-24T08:00:00.000Z");

  it("comes every N minutes of the session, counted from its start", () => {
    expect(nextRealityCheckAt(start, 30, start)).toBe(start + 30 * MINUTE);
    expect(nextRealityCheckAt(start, 30, start + 29 * MINUTE)).toBe(start + 30 * MINUTE);
    // Once one has been shown at its time, the next is a whole period later.
    expect(nextRealityCheckAt(start, 30, start + 30 * MINUTE)).toBe(start + 60 * MINUTE);
    expect(nextRealityCheckAt(start, 30, start + 75 * MINUTE)).toBe(start + 90 * MINUTE);
  });

  it("keeps to the session's start when the phone's clock reads a little earlier", () => {
    expect(nextRealityCheckAt(start, 5, start - 2_000)).toBe(start + 5 * MINUTE);
  });

  it("tells the session's length in hours and minutes", () => {
    expect(sessionLength(start, start + 65 * MINUTE + 59_000)).toEqual({ hours: 1, minutes: 5 });
    expect(sessionLength(start, start + 30 * MINUTE)).toEqual({ hours: 0, minutes: 30 });
  });
});
