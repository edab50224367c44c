import type { ContentVersion } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { hasText, translationsInput, translationValues } from "./content-form";

const version: ContentVersion = {
  version: 2,
  translations: {
    "zh-CN": { title: "标题", summary: "", body: "正文" },
    en: { title: "T", summary: "S", body: "B" },
  },
  publishAt: "2026-11-24T00:00:00.000Z",
  publishedAt: "2026-11-24T00:00:00.000Z",
  createdBy: "admin",
  createdAt: "2026-11-24T00:00:00.000Z",
};

describe("the content form", () => {
  it("starts a new version from the latest version's texts, the other locales empty", () => {
    const values = translationValues(version);
    expect(values.en).toEqual({ title: "T", summary: "S", body: "B" });
    expect(values.ja).toEqual({ title: "", summary: "", body: "" });
    expect(translationValues(undefined)["zh-CN"].title).toBe("");
  });

  it("sends the default locale always and the others only where written, trimmed", () => {
    const input = translationsInput({
      "zh-CN": { title: " 标题 ", summary: "", body: "正文\n" },
      en: { title: "", summary: " ", body: "" },
      ja: { title: "題", summary: "", body: "本文" },
    });
    expect(input).toEqual({
      "zh-CN": { title: "标题", summary: "", body: "正文" },
      ja: { title: "題", summary: "", body: "本文" },
    });
    expect(hasText({ title: " ", body: "" })).toBe(false);
  });
});
