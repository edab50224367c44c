import { describe, expect, it } from "vitest";
import { fitWithin, PHOTO_MAX_SIDE } from "./photo-shrink";

describe("fitWithin", () => {
  it("shrinks the longer side to the maximum and keeps the proportions", () => {
    expect(fitWithin(4032, 3024, PHOTO_MAX_SIDE)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, PHOTO_MAX_SIDE)).toEqual({ width: 1500, height: 2000 });
  });

  it("never enlarges a small picture", () => {
    expect(fitWithin(640, 480, PHOTO_MAX_SIDE)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(2000, 10, PHOTO_MAX_SIDE)).toEqual({ width: 2000, height: 10 });
  });

  it("keeps at least one pixel on each side", () => {
    expect(fitWithin(100_000, 1, PHOTO_MAX_SIDE)).toEqual({ width: 2000, height: 1 });
    expect(fitWithin(0, 0, PHOTO_MAX_SIDE)).toEqual({ width: 1, height: 1 });
  });
});
