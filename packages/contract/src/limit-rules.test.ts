import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ClosedContract,
  LOSS_STREAK_PAUSE_MS,
  LOSS_STREAK_WINDOW_MS,
  lossStreakPause,
} from "./limit-rules";

const NOW = new Date("2026-03-10T12:00:00Z");
const RESULTS = ["win", "lose", "draw", "void"] as const;

/** Closed contracts, most recent first, each settled within the two hours before NOW. */
const closedContracts = fc
  .array(fc.record({ result: fc.constantFrom(...RESULTS), ago: fc.integer({ min: 0, max: 7_200_000 }) }), {
    maxLength: 25,
  })
  .map((rows) =>
    rows
      .map((row) => ({ result: row.result, settledAt: new Date(NOW.getTime() - row.ago) }))
      .sort((a, b) => b.settledAt.getTime() - a.settledAt.getTime()),
  );
const streaks = fc.integer({ min: 2, max: 20 });
const inTheHour = (contract: ClosedContract) =>
  NOW.getTime() - contract.settledAt.getTime() <= LOSS_STREAK_WINDOW_MS;

describe("the loss-streak pause", () => {
  it("pauses exactly when the N latest closed contracts are losses settled within the hour", () => {
    fc.assert(
      fc.property(closedContracts, streaks, (closed, streak) => {
        const latest = closed.slice(0, streak);
        const expected = latest.length === streak && latest.every((c) => c.result === "lose" && inTheHour(c));
        expect(lossStreakPause(closed, streak, null, NOW) !== null).toBe(expected);
      }),
    );
  });

  it("never pauses when a win, draw or void is among the N latest", () => {
    fc.assert(
      fc.property(
        streaks,
        fc.constantFrom("win", "draw", "void" as const),
        fc.nat(),
        (streak, result, at) => {
          const closed: ClosedContract[] = Array.from({ length: streak }, (_, i) => ({
            result: "lose",
            settledAt: new Date(NOW.getTime() - i * 1000),
          }));
          closed[at % streak] = { result, settledAt: new Date(NOW.getTime() - (at % streak) * 1000) };
          expect(lossStreakPause(closed, streak, null, NOW)).toBeNull();
        },
      ),
    );
  });

  it("counts no loss older than an hour, nor one settled before the last acknowledgement", () => {
    const loss = (secondsAgo: number): ClosedContract => ({
      result: "lose",
      settledAt: new Date(NOW.getTime() - secondsAgo * 1000),
    });
    expect(lossStreakPause([loss(10), loss(3600)], 2, null, NOW)).toEqual({
      lastLossAt: loss(10).settledAt,
      continueAt: new Date(loss(10).settledAt.getTime() + LOSS_STREAK_PAUSE_MS),
    });
    expect(lossStreakPause([loss(10), loss(3601)], 2, null, NOW)).toBeNull();
    expect(lossStreakPause([loss(10), loss(20)], 2, loss(20).settledAt, NOW)).toBeNull();
    expect(lossStreakPause([loss(10), loss(20)], 2, loss(21).settledAt, NOW)).not.toBeNull();
    expect(lossStreakPause([loss(10)], 2, null, NOW)).toBeNull();
  });
});
