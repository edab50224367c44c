import type { Contract } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { contract } from "../../test/contract-fixture";
import { PositionTracker, SETTLED_SHOWN_MS } from "./position-tracker";

const shown = (cards: { contract: Contract; phase: string }[]) => cards.map((c) => [c.contract.id, c.phase]);

describe("PositionTracker", () => {
  it("shows open contracts newest first", () => {
    const tracker = new PositionTracker();
    expect(shown(tracker.cards([contract("9", "open"), contract("10", "pending")], [], 0))).toEqual([
      ["10", "live"],
      ["9", "live"],
    ]);
  });

  it("keeps a closing position on screen until its record arrives, then its result for a while", () => {
    const tracker = new PositionTracker();
    tracker.cards([contract("9", "open"), contract("10", "open")], [], 0);
    // The open list no longer has 9, the closed records do not have it yet.
    expect(shown(tracker.cards([contract("10", "open")], [], 1_000))).toEqual([
      ["10", "live"],
      ["9", "settling"],
    ]);
    const record = contract("9", "settled");
    const cards = tracker.cards([contract("10", "open")], [record], 2_000);
    expect(shown(cards)).toEqual([
      ["10", "live"],
      ["9", "settled"],
    ]);
    expect(cards[1]?.contract).toBe(record);
    expect(shown(tracker.cards([contract("10", "open")], [record], 2_000 + SETTLED_SHOWN_MS - 1))).toEqual([
      ["10", "live"],
      ["9", "settled"],
    ]);
    expect(shown(tracker.cards([contract("10", "open")], [record], 2_000 + SETTLED_SHOWN_MS))).toEqual([
      ["10", "live"],
    ]);
    // Gone for good, even though the record stays.
    expect(shown(tracker.cards([contract("10", "open")], [record], 60_000))).toEqual([["10", "live"]]);
  });

  it("does not bring back contracts that closed before the tab was opened", () => {
    const tracker = new PositionTracker();
    expect(shown(tracker.cards([], [contract("3", "settled")], 0))).toEqual([]);
  });

  it("lets a position whose record never arrives go after a while", () => {
    const tracker = new PositionTracker();
    tracker.cards([contract("9", "open")], [], 0);
    expect(shown(tracker.cards([], [], 1_000))).toEqual([["9", "settling"]]);
    expect(shown(tracker.cards([], [], 20_999))).toEqual([["9", "settling"]]);
    expect(shown(tracker.cards([], [], 21_000))).toEqual([]);
  });
});
