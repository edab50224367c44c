import { describe, expect, it } from "vitest";
import { riseColourOf } from "./market-colours";

describe("the colour of a rise", () => {
  it("is red where readers' markets show it so: Chinese, Japanese, Korean", () => {
    for (const locale of ["zh-CN", "zh-TW", "zh-HK", "zh", "ja", "ja-JP", "ko", "ko-KR", "ZH_cn"])
      expect(riseColourOf(locale), locale).toBe("red");
  });

  it("is green in every other language the apps speak, and for one they do not know", () => {
    for (const locale of ["en", "en-US", "th", "id", "vi", "fr", "de", "", "xx"])
      expect(riseColourOf(locale), locale).toBe("green");
  });
});
