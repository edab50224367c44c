import type { Fairness } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { chainState } from "./chain-state";

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 10, 1);
/** Thirty days of five-minute epochs from 1 November. */
const chain: Fairness = {
  algorithm: "tickfair-synthetic-v1",
  anchor: "a".repeat(64),
  epochSeconds: 300,
  tickMs: 1000,
  startsAt: new Date(START).toISOString(),
  chainLength: 8640,
  products: [],
  earlierChains: [],
  nextChain: null,
  currentEpoch: null,
};
const ENDS = START + 30 * DAY;

describe("the console's word on the chain", () => {
  it("says synthetic products cannot open when none was made or the chain has ended without a successor", () => {
    expect(chainState(null, START)).toEqual({ kind: "none" });
    expect(chainState(chain, ENDS)).toEqual({ kind: "ended", endedAt: new Date(ENDS).toISOString() });
    expect(chainState(chain, ENDS + DAY).kind).toBe("ended");
  });

  it("warns a week ahead of an end with no successor published, and is quiet with one", () => {
    expect(chainState(chain, ENDS - 8 * DAY).kind).toBe("playing");
    expect(chainState(chain, ENDS - 6 * DAY).kind).toBe("endsSoon");
    const succeeded = {
      ...chain,
      nextChain: { anchor: "b".repeat(64), startsAt: new Date(ENDS).toISOString() },
    };
    expect(chainState(succeeded, ENDS - 1).kind).toBe("playing");
  });
});
