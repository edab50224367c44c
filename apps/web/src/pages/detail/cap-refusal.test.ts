import { LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors";
import { capRefusalText } from "./cap-refusal";
import { tradingTranslator } from "./testing";

const refusal = (details: Record<string, string>) =>
  new ApiError("EXPOSURE_LIMIT_REACHED", 409, "server text", {}, details);

describe("the order ticket's cap refusal", () => {
  it("says which side is full, or that the user's own orders are, in every language", async () => {
    for (const locale of LOCALES) {
      const t = await tradingTranslator(locale);
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
    const t = await tradingTranslator("en");
    expect(capRefusalText(new ApiError("INSUFFICIENT_BALANCE", 400), t)).toBeNull();
    expect(capRefusalText(refusal({}), t)).toBeNull();
    expect(capRefusalText(new Error("x"), t)).toBeNull();
  });
});
