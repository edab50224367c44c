import { describe, expect, it } from "vitest";
import { formatPriceSources } from "./price-sources";

describe("price sources", () => {
  it("lists the exchanges by brand name as each locale joins a list", () => {
    expect(formatPriceSources(["binance", "okx"], "en")).toBe("Binance and OKX");
    expect(formatPriceSources(["binance", "okx"], "zh-CN")).toBe("Binance和OKX");
    expect(formatPriceSources(["okx"], "de")).toBe("OKX");
  });
});
