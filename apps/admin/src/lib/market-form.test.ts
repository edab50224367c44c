import type { OperatorProduct } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  bpsToPercent,
  changesSomething,
  durationLabel,
  formatDuration,
  percentToBps,
  productFormValues,
  productUpdate,
} from "./market-form";

const product: OperatorProduct = {
  symbol: "BTCUSDT",
  name: "BTC/USDT",
  category: "crypto",
  precision: 2,
  setStatus: "open",
  payoutTableVersion: 1,
  maintenanceUntil: null,
  schedule: "always",
  status: "open",
  reopensAt: null,
  pausedFor: null,
  durations: [
    { seconds: 30, payoutRateBps: 8000 },
    { seconds: 60, payoutRateBps: 8500 },
  ],
  minStake: "10.00",
  maxStake: "50000.00",
  simulated: true,
  feedSources: [],
  minLiveSources: 2,
  haltSilentSources: null,
  haltAnomaly: null,
  spikeSigmas: 15,
  sourceToleranceBps: 100,
  lastTick: null,
  updatedAt: "2026-11-24T00:00:00.000Z",
};

describe("rates", () => {
  it("converts basis points and percent both ways", () => {
    expect(bpsToPercent(8500)).toBe(85);
    expect(percentToBps(85)).toBe(8500);
    expect(percentToBps(85.255)).toBe(8526);
    expect(percentToBps(0)).toBeNull();
    expect(percentToBps(null)).toBeNull();
    expect(percentToBps(1000.01)).toBeNull();
    expect(percentToBps(Number.NaN)).toBeNull();
  });
});

describe("durations", () => {
  it("reads in the largest whole unit", () => {
    expect(durationLabel(30)).toEqual({ value: 30, unit: "second" });
    expect(durationLabel(60)).toEqual({ value: 1, unit: "minute" });
    expect(durationLabel(90)).toEqual({ value: 90, unit: "second" });
    expect(durationLabel(7200)).toEqual({ value: 2, unit: "hour" });
    expect(formatDuration(300, "en")).toBe("5 min");
  });
});

describe("productUpdate", () => {
  it("sends only the reason when nothing changed", () => {
    const request = productUpdate(product, { ...productFormValues(product), reason: "  check  " });
    expect(request).toEqual({ reason: "check" });
    expect(request && changesSomething(request)).toBe(false);
  });

  it("sends every duration when one rate changed", () => {
    const values = productFormValues(product);
    const request = productUpdate(product, {
      ...values,
      rates: { ...values.rates, "60": 87.5 },
      reason: "raise",
    });
    expect(request).toEqual({
      reason: "raise",
      durations: [
        { seconds: 30, payoutRateBps: 8000 },
        { seconds: 60, payoutRateBps: 8750 },
      ],
    });
  });

  it("sends maintenance with its reopening time, and the other changed fields", () => {
    const values = productFormValues(product);
    const request = productUpdate(product, {
      ...values,
      status: "maintenance",
      maintenanceUntil: "2026-11-25T00:00:00.000Z",
      schedule: "fx_week",
      minStake: "20.00",
      reason: "upgrade",
    });
    expect(request).toEqual({
      reason: "upgrade",
      status: "maintenance",
      reopensAt: "2026-11-25T00:00:00.000Z",
      schedule: "fx_week",
      minStake: "20.00",
    });
  });

  it("refuses an unusable rate", () => {
    const values = productFormValues(product);
    expect(
      productUpdate(product, { ...values, rates: { ...values.rates, "30": null }, reason: "x" }),
    ).toBeNull();
  });
});
