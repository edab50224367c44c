import { describe, expect, it } from "vitest";
import { backoffDelay, DEFAULT_TIMINGS } from "./socket";

describe("reconnect backoff", () => {
  it("doubles from the base, stays within [half, all] of the step, and never passes the cap", () => {
    const timings = { ...DEFAULT_TIMINGS, backoffBaseMs: 500, backoffMaxMs: 30_000 };
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, timings, () => 0))).toEqual([
      250, 500, 1000, 2000,
    ]);
    expect(backoffDelay(3, timings, () => 0.999_999)).toBe(4000);
    for (const attempt of [6, 7, 20, 1000]) {
      expect(backoffDelay(attempt, timings, () => 0.999_999)).toBe(30_000);
      expect(backoffDelay(attempt, timings, () => 0)).toBe(15_000);
    }
  });
});
