import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, matchLocale } from "./locales";

describe("LOCALES", () => {
  it("are the ten supported languages with zh-CN the default", () => {
    expect([...LOCALES].sort()).toEqual(["de", "en", "fr", "id", "ja", "ko", "th", "vi", "zh-CN", "zh-TW"]);
    expect(DEFAULT_LOCALE).toBe("zh-CN");
  });

  it("each has a distinct native name", () => {
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
    expect(new Set(Object.values(LOCALE_NAMES)).size).toBe(LOCALES.length);
  });

  it("isLocale recognises exactly the supported tags", () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const other of ["", "zh", "en-US", "pt", "EN", null, undefined, 1, {}])
      expect(isLocale(other)).toBe(false);
  });
});

describe("matchLocale", () => {
  it.each([
    ["en-US,en;q=0.9", "en"],
    ["en", "en"],
    ["zh-HK", "zh-TW"],
    ["zh-MO", "zh-TW"],
    ["zh-TW", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["zh-Hant-HK", "zh-TW"],
    ["zh-Hant-TW,zh;q=0.9", "zh-TW"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["pt-BR", "zh-CN"],
    ["de-AT", "de"],
    ["de-CH;q=0.8", "de"],
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr"],
    ["ja-JP", "ja"],
    ["ko-KR", "ko"],
    ["th-TH", "th"],
    ["vi-VN", "vi"],
    ["id-ID", "id"],
    ["pt-BR,pt;q=0.9,ja;q=0.8", "ja"],
    ["es, en;q=0.5", "en"],
    [" ko ; q=1 ", "ko"],
    ["*", "zh-CN"],
    ["", "zh-CN"],
    ["garbage;;;,,,", "zh-CN"],
  ] as const)("%j → %s", (header, locale) => {
    expect(matchLocale(header)).toBe(locale);
  });

  it("defaults when there is no header", () => {
    expect(matchLocale(undefined)).toBe("zh-CN");
    expect(matchLocale(null)).toBe("zh-CN");
  });

  it("matches tags case-insensitively and with underscores", () => {
    for (const [header, locale] of [
      ["zh-tw", "zh-TW"],
      ["ZH-TW", "zh-TW"],
      ["zh_TW", "zh-TW"],
      ["zh_HK", "zh-TW"],
      ["zh-cn", "zh-CN"],
      ["EN-us", "en"],
      ["en_US", "en"],
      ["DE", "de"],
    ] as const) {
      expect(matchLocale(header), String(header)).toBe(locale);
    }
  });

  it("returns a supported locale unchanged", () => {
    for (const locale of LOCALES) expect(matchLocale(locale)).toBe(locale);
  });

  it("does not read a language out of an unrelated tag", () => {
    for (const [header, locale] of [
      ["ende", "zh-CN"],
      ["fil,en", "en"],
      ["ido,ko", "ko"],
    ] as const) {
      expect(matchLocale(header), String(header)).toBe(locale);
    }
  });
});
