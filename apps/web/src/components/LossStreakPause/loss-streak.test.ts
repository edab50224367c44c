import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors";
import { lossStreakPauseOf } from "./loss-streak";
import { secondsLeft } from "./pause-countdown";

const details = {
  lossesInRow: 3,
  lastLossAt: "2026-03-10T10:05:10.000Z",
  continueAt: "2026-03-10T10:06:10.000Z",
  since: "2026-03-10T09:05:10.000Z",
  contracts: 4,
  staked: "40.00",
  returned: "18.50",
  net: "-21.50",
};

describe("the loss-streak pause on the order ticket", () => {
  it("reads the figures of a LOSS_STREAK_PAUSE refusal only", () => {
    expect(lossStreakPauseOf(new ApiError("LOSS_STREAK_PAUSE", 409, null, {}, details))).toEqual(details);
    expect(lossStreakPauseOf(new ApiError("STAKE_LIMIT_DAY_REACHED", 400, null, {}, details))).toBeNull();
    // Without readable figures the plain message is shown instead of a dialog of blanks.
    expect(lossStreakPauseOf(new ApiError("LOSS_STREAK_PAUSE", 409))).toBeNull();
    expect(
      lossStreakPauseOf(new ApiError("LOSS_STREAK_PAUSE", 409, null, {}, { ...details, continueAt: 0 })),
    ).toBeNull();
    expect(lossStreakPauseOf(new Error("LOSS_STREAK_PAUSE"))).toBeNull();
  });

  it("counts the pause down in whole seconds, rounded up, to zero", () => {
    const end = Date.parse(details.continueAt);
    expect(secondsLeft(details.continueAt, end - 60_000)).toBe(60);
    expect(secondsLeft(details.continueAt, end - 100)).toBe(1);
    expect(secondsLeft(details.continueAt, end)).toBe(0);
    expect(secondsLeft(details.continueAt, end + 5_000)).toBe(0);
  });
});
