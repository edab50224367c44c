import type { Receipt } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { type ContractReceipt, contractReceipt } from "./trading";

describe("contractReceipt", () => {
  it("is the verify package's Receipt, both ways, so what the server sends is what the verifier reads", () => {
    const toVerifier = (receipt: ContractReceipt): Receipt => receipt;
    const fromVerifier = (receipt: Receipt): ContractReceipt => receipt;
    expect([toVerifier, fromVerifier]).toHaveLength(2);
  });

  it("refuses a receipt of another version, a lone chain not in a list, or a malformed seed", () => {
    const base = {
      version: 2,
      contract: {
        id: "7",
        orderNo: "C0000000007",
        symbol: "BTC/USDT",
        direction: "up",
        stake: "10.00",
        durationSeconds: 30,
        payoutRateBps: 8000,
        payoutTableVersion: 4,
        acceptedAt: "2026-01-05T08:00:00.500Z",
        expiresAt: null,
        entry: null,
        exit: null,
        result: "void",
        payout: "10.00",
        profit: "0.00",
      },
      ticks: [],
      postings: ["1", "2"],
      fairness: null,
      sources: null,
    };
    expect(contractReceipt.safeParse(base).success).toBe(true);
    expect(contractReceipt.safeParse({ ...base, version: 1 }).success).toBe(false);
    const segment = {
      chainLength: 8640,
      successor: false,
      algorithm: "tickfair-synthetic-v1",
      anchor: "a".repeat(64),
      chainStartsAt: "2026-01-05T08:00:00.000Z",
      epochMs: 300_000,
      tickMs: 1000,
      product: {
        symbol: "BTC/USDT",
        precision: 2,
        volumePrecision: 4,
        stepVolatilityPpm: 98,
        meanVolume: "3500",
      },
      epochs: [{ index: 1, startsAt: "2026-01-05T08:00:00.000Z", seed: "b".repeat(64), opening: "95000.00" }],
    };
    expect(contractReceipt.safeParse({ ...base, fairness: [segment] }).success).toBe(true);
    expect(contractReceipt.safeParse({ ...base, fairness: segment }).success).toBe(false);
    expect(contractReceipt.safeParse({ ...base, fairness: [] }).success).toBe(false);
    const badSeed = { ...segment, epochs: [{ ...segment.epochs[0], seed: "B".repeat(64) }] };
    expect(contractReceipt.safeParse({ ...base, fairness: [badSeed] }).success).toBe(false);
  });
});
