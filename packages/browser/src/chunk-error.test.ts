import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-error";

describe("isChunkLoadError", () => {
  it("recognizes each browser's failed dynamic import", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /h5/static/js/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /h5/static/css/x.css"))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
