import { describe, expect, it } from "vitest";
import { readingOrder, servedLocale } from "./locale-fallback";
import { DEFAULT_LOCALE, LOCALES } from "./locales";

const ORDER: Record<(typeof LOCALES)[number], string[]> = {
  "zh-CN": ["zh-CN", "zh-TW"],
  "zh-TW": ["zh-TW", "zh-CN"],
  en: ["en", "zh-CN"],
  ja: ["ja", "en", "zh-CN"],
  th: ["th", "en", "zh-CN"],
  vi: ["vi", "en", "zh-CN"],
  id: ["id", "en", "zh-CN"],
  ko: ["ko", "en", "zh-CN"],
  fr: ["fr", "en", "zh-CN"],
  de: ["de", "en", "zh-CN"],
};

describe("the languages a reader is served", () => {
  it.each(LOCALES)("go from %s's own to the next it reads, then the default", (reader) => {
    expect(readingOrder(reader)).toEqual(ORDER[reader]);
    expect(readingOrder(reader).at(-1) === DEFAULT_LOCALE || reader === "zh-CN").toBe(true);
  });

  it("serve a German reader the English of a text written in Chinese and English", () => {
    const written = { "zh-CN": "通知", en: "Notice" };
    expect(servedLocale("de", written)).toBe("en");
    expect(servedLocale("zh-TW", written)).toBe("zh-CN");
    expect(servedLocale("zh-CN", written)).toBe("zh-CN");
    expect(servedLocale("fr", { "zh-CN": "通知", fr: "Avis", en: "Notice" })).toBe("fr");
  });

  it.each(LOCALES)("serve %s the default locale's text when it is the only one", (reader) => {
    expect(servedLocale(reader, { [DEFAULT_LOCALE]: "通知" })).toBe(DEFAULT_LOCALE);
  });

  it("serve a Chinese reader the other script before the default", () => {
    expect(servedLocale("zh-CN", { "zh-TW": "通知", en: "Notice" })).toBe("zh-TW");
  });
});
