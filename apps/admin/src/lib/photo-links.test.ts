import { describe, expect, it } from "vitest";
import { photoLinksExpired } from "./photo-links";

const at = (iso: string) => ({ expiresAt: iso });
const now = Date.parse("2026-11-24T05:00:00.000Z");

describe("a submission's photo links", () => {
  it("are good while both have more than a few seconds left", () => {
    expect(
      photoLinksExpired({ front: at("2026-11-24T05:04:00Z"), back: at("2026-11-24T05:05:00Z") }, now),
    ).toBe(false);
  });

  it("need renewing once either has ended or is about to", () => {
    expect(
      photoLinksExpired({ front: at("2026-11-24T05:05:00Z"), back: at("2026-11-24T04:59:00Z") }, now),
    ).toBe(true);
    expect(
      photoLinksExpired({ front: at("2026-11-24T05:00:10Z"), back: at("2026-11-24T05:05:00Z") }, now),
    ).toBe(true);
  });

  it("need renewing when their end cannot be read", () => {
    expect(photoLinksExpired({ front: at("soon"), back: at("2026-11-24T05:05:00Z") }, now)).toBe(true);
  });
});
