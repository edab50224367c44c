import { describe, expect, it } from "vitest";
import {
  broadcastInputOf,
  emptyBroadcastForm,
  emptyLocales,
  formFieldErrors,
  hasBroadcastText,
  readerText,
} from "./broadcast-form";
import { localTimeToIso } from "./local-time";

describe("the broadcast form", () => {
  it("sends the default locale always and the others only where written, trimmed", () => {
    const values = emptyBroadcastForm();
    values.translations["zh-CN"] = { title: " 维护通知 ", body: "第一行\n第二行\n" };
    values.translations.en = { title: "Maintenance", body: "Line one\nLine two" };
    values.translations.ja = { title: " ", body: "" };
    values.reason = " Planned upgrade ";
    expect(broadcastInputOf(values)).toEqual({
      translations: {
        "zh-CN": { title: "维护通知", body: "第一行\n第二行" },
        en: { title: "Maintenance", body: "Line one\nLine two" },
      },
      publishAt: null,
      reason: "Planned upgrade",
    });
    expect(hasBroadcastText(values.translations.ja)).toBe(false);
  });

  it("sends a scheduled time as an instant, and none when sent now", () => {
    const values = { ...emptyBroadcastForm(), when: "later" as const, publishAt: "2026-11-25T09:30" };
    expect(broadcastInputOf(values).publishAt).toBe(localTimeToIso("2026-11-25T09:30"));
    expect(broadcastInputOf({ ...values, when: "now" }).publishAt).toBeNull();
  });

  it("previews a locale's own text, or the one its readers get instead as the server picks it", () => {
    const texts = { "zh-CN": { title: "标题", body: "正文" }, en: { title: "Title", body: "" } };
    expect(readerText(texts, "en")).toEqual({
      text: { title: "Title", body: "" },
      fallback: false,
      served: "en",
    });
    // A Japanese or German reader reads the English, not the Chinese; a Traditional one the Chinese.
    expect(readerText(texts, "ja")).toEqual({
      text: { title: "Title", body: "" },
      fallback: true,
      served: "en",
    });
    expect(readerText(texts, "de").served).toBe("en");
    expect(readerText(texts, "zh-TW")).toEqual({
      text: { title: "标题", body: "正文" },
      fallback: true,
      served: "zh-CN",
    });
    expect(readerText({ "zh-CN": { title: "标题", body: "" } }, "de").served).toBe("zh-CN");
    expect(readerText(undefined, "zh-CN")).toEqual({
      text: { title: "", body: "" },
      fallback: false,
      served: "zh-CN",
    });
  });

  it("names every empty language with what its readers will see", () => {
    const texts = { "zh-CN": { title: "标题", body: "正文" }, en: { title: "Title", body: "Body" } };
    expect(emptyLocales(texts)).toEqual([
      { locale: "zh-TW", served: "zh-CN" },
      ...["ja", "th", "vi", "id", "ko", "fr", "de"].map((locale) => ({ locale, served: "en" })),
    ]);
    expect(emptyLocales({ ...texts, de: { title: "Titel", body: "" } }).map((e) => e.locale)).not.toContain(
      "de",
    );
  });

  it("puts the server's field errors on the form's fields, and only on those it has", () => {
    expect(
      formFieldErrors({
        "translations.zh-CN.title": "REQUIRED",
        "translations.en.body": "VALIDATION_FAILED",
        reason: "VALIDATION_FAILED",
        "translations.xx": "VALIDATION_FAILED",
        body: "VALIDATION_FAILED",
      }),
    ).toEqual([
      { name: ["translations", "zh-CN", "title"], code: "REQUIRED" },
      { name: ["translations", "en", "body"], code: "VALIDATION_FAILED" },
      { name: ["reason"], code: "VALIDATION_FAILED" },
    ]);
  });
});
