import { LOCALES } from "@tickfair/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors";
import { capRefusalText } from "./cap-refusal";

const texts = import.meta.glob<{ default: Record<string, unknown> }>("../../i18n/locales/trading/*.json", {
  eager: true,
});

async function translator(locale: string) {
  const file = texts[`../../i18n/locales/trading/${locale}.json`];
  if (!file) throw new Error(`no trading texts for ${locale}`);
  const i18n = i18next.createInstance();
  await i18n.init({ lng: locale, resources: { [locale]: { translation: file.default } } });
  return i18n.t;
}

const refusal = (details: Record<string, string>) =>
  new ApiError("EXPOSURE_LIMIT_REACHED", 409, "server text", {}, details);

describe("the order ticket's cap refusal", () => {
  it("says which side is full, or that the user's own orders are, in every language", async () => {
    for (const locale of LOCALES) {
      const t = await translator(locale);
      const up = capRefusalText(
        refusal({ cap: "product_direction", symbol: "BTC/USDT", direction: "up" }),
        t,
      );
      const down = capRefusalText(
        refusal({ cap: "product_direction", symbol: "BTC/USDT", direction: "down" }),
        t,
      );
      const user = capRefusalText(refusal({ cap: "user_product", symbol: "BTC/USDT", direction: "up" }), t);
      for (const text of [up, down, user]) {
        expect(text, locale).toBeTruthy();
        expect(text, locale).not.toMatch(/capRefused|EXPOSURE_LIMIT_REACHED/);
      }
      expect(new Set([up, down, user]).size, locale).toBe(3);
    }
  });

  it("leaves every other error, and a refusal without details, to the usual message", async () => {
    const t = await translator("en");
    expect(capRefusalText(new ApiError("INSUFFICIENT_BALANCE", 400), t)).toBeNull();
    expect(capRefusalText(refusal({}), t)).toBeNull();
    expect(capRefusalText(new Error("x"), t)).toBeNull();
  });
});
