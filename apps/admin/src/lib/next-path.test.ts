import { describe, expect, it } from "vitest";
import { safeNextPath, signInPath } from "./next-path";

describe("coming back after signing in", () => {
  it("returns to a page of the console", () => {
    expect(safeNextPath("/deposits?status=all")).toBe("/deposits?status=all");
    expect(safeNextPath(null)).toBe("/");
  });

  it("never leaves the console with a fresh session", () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeNextPath(next), next).toBe("/");
    }
  });

  it("names the page to come back to, and says when the session expired", () => {
    expect(signInPath("/withdrawals?after=9")).toBe("/sign-in?next=%2Fwithdrawals%3Fafter%3D9");
    expect(signInPath("/audit", { expired: true })).toBe("/sign-in?next=%2Faudit&expired=1");
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath("/sign-in?next=%2Faudit", { expired: true })).toBe("/sign-in?expired=1");
  });
});
