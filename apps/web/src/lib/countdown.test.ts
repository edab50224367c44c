import { describe, expect, it } from "vitest";
import { timeLeftMs } from "./countdown";

describe("timeLeftMs", () => {
  const contract = { expiresAt: "2026-11-21T10:00:30.000Z", durationSeconds: 30 };
  const at = (iso: string) => Date.parse(iso);

  it("counts down to the expiry, and is null before the entry tick", () => {
    expect(timeLeftMs(contract, at("2026-11-21T10:00:10.000Z"))).toBe(20_000);
    expect(timeLeftMs(contract, at("2026-11-21T10:00:31.000Z"))).toBe(-1_000);
    expect(timeLeftMs({ expiresAt: null, durationSeconds: 30 }, at("2026-11-21T10:00:10.000Z"))).toBeNull();
  });

  it("never shows more than the duration on a phone behind the server", () => {
    expect(timeLeftMs(contract, at("2026-11-21T09:59:57.000Z"))).toBe(30_000);
  });
});
