import { describe, expect, it } from "vitest";
import { resolveInitialLocale } from "./language";

describe("the console's first language", () => {
  it("keeps the operator's choice", () => {
    expect(resolveInitialLocale("en", ["zh-CN"])).toBe("en");
    expect(resolveInitialLocale("zh-CN", ["en-US"])).toBe("zh-CN");
  });

  it("else follows the browser's first language it speaks", () => {
    expect(resolveInitialLocale(null, ["fr-FR", "en-GB", "zh-CN"])).toBe("en");
    expect(resolveInitialLocale("de", ["zh-TW"])).toBe("zh-CN");
  });

  it("else starts in simplified Chinese, the platform's default", () => {
    expect(resolveInitialLocale(null, ["fr", "ja"])).toBe("zh-CN");
    expect(resolveInitialLocale(null, [])).toBe("zh-CN");
  });
});
