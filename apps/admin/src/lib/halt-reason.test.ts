import type { FeedAnomaly } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en.json";
import zhCN from "../i18n/locales/zh-CN.json";
import { formatPriceText, haltReason } from "./halt-reason";

const spike: FeedAnomaly = {
  kind: "spike",
  at: "2026-03-02T10:00:51.000Z",
  price: "71400.00",
  previousPrice: "67012.35",
  sigmas: "14.2",
  limitSigmas: 12,
};
const disagreement: FeedAnomaly = {
  kind: "disagreement",
  at: "2026-03-02T10:00:51.000Z",
  price: "3010.00",
  spreadBps: "66.4",
  toleranceBps: 50,
  trades: [
    { source: "binance:ETHUSDT", price: "3000.00000000" },
    { source: "okx:ETH-USDT", price: "3020.0" },
  ],
};

describe("the halt reason in the console", () => {
  it("states a spike's move and both prices in the locale's digits, exactly", () => {
    expect(haltReason(spike, "en")).toEqual({
      key: "markets.haltSpike",
      values: { sigmas: "14.2", limit: "12", from: "67,012.35", to: "71,400.00" },
    });
    expect(haltReason(spike, "de").values.from).toBe("67.012,35");
    expect(formatPriceText("12345678901234.123456789", "en")).toBe("12,345,678,901,234.123456789");
  });

  it("names every disagreeing source with the price it reported", () => {
    expect(haltReason(disagreement, "zh-CN")).toEqual({
      key: "markets.haltDisagreement",
      values: {
        spread: "66.4",
        tolerance: "50",
        trades: "binance:ETHUSDT 3,000.00000000, okx:ETH-USDT 3,020.0",
      },
    });
  });

  it("has its texts in both console languages, naming every value", () => {
    for (const texts of [en, zhCN]) {
      for (const { key, values } of [haltReason(spike, "en"), haltReason(disagreement, "en")]) {
        const text = String((texts.markets as Record<string, unknown>)[key.replace("markets.", "")]);
        for (const name of Object.keys(values)) expect(text).toContain(`{{${name}}}`);
      }
    }
  });
});
