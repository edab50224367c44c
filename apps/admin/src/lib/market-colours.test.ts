import { describe, expect, it } from "vitest";
import { moveColour, signedColour } from "./market-colours";

describe("the console's colours of a move", () => {
  it("shows a rise and a gain in red in Chinese, as the phone does", () => {
    expect(moveColour("up", "zh-CN")).toBe("red");
    expect(moveColour("down", "zh-CN")).toBe("green");
    expect(signedColour(17_000n, "zh-CN")).toBe("red");
    expect(signedColour(-1n, "zh-CN")).toBe("green");
  });

  it("shows a rise and a gain in green in English, and no colour for nothing", () => {
    expect(moveColour("up", "en")).toBe("green");
    expect(moveColour("down", "en")).toBe("red");
    expect(signedColour(17_000n, "en")).toBe("green");
    expect(signedColour(-1n, "en")).toBe("red");
    expect(signedColour(0n, "zh-CN")).toBeUndefined();
  });
});
