import { describe, expect, it } from "vitest";
import { detailPath, paths } from "../../lib/paths";
import { isShowingProduct } from "./settlement-notice";

describe("where a settled contract's result shows", () => {
  it("is the result card on its own product's page, however the symbol is written", () => {
    const btc = new URL(detailPath("BTC/USDT"), "http://app");
    expect(isShowingProduct(btc.pathname, btc.search, "BTC/USDT")).toBe(true);
    expect(isShowingProduct(paths.detail, "?symbol=btc-usdt", "BTC/USDT")).toBe(true);
  });

  it("is the notice anywhere else: another product's page, the orders, home", () => {
    expect(isShowingProduct(paths.detail, "?symbol=ETH%2FUSDT", "BTC/USDT")).toBe(false);
    expect(isShowingProduct(paths.detail, "", "BTC/USDT")).toBe(false);
    expect(isShowingProduct(paths.order, "?symbol=BTC%2FUSDT", "BTC/USDT")).toBe(false);
    expect(isShowingProduct(paths.home, "", "BTC/USDT")).toBe(false);
  });
});
