import { describe, expect, it } from "vitest";
import { estimateAt } from "./contract-outcome";

describe("estimateAt", () => {
  const position = {
    direction: "up" as const,
    stake: "10.00",
    payoutRateBps: 8000,
    entry: { seq: "1", time: "2026-01-05T08:00:00.000Z", price: "100.00", hash: "h" },
  };

  it("estimates the profit at the latest price", () => {
    expect(estimateAt(position, "100.50")).toEqual({ result: "win", profit: "8.00" });
    expect(estimateAt(position, "100.00")).toEqual({ result: "draw", profit: "0.00" });
    expect(estimateAt(position, "99.00")).toEqual({ result: "lose", profit: "-10.00" });
    expect(estimateAt({ ...position, direction: "down" }, "99.00")).toEqual({
      result: "win",
      profit: "8.00",
    });
  });

  it("has nothing to say before the entry price or a live price is known", () => {
    expect(estimateAt({ ...position, entry: null }, "100.50")).toBeNull();
    expect(estimateAt(position, null)).toBeNull();
  });
});
