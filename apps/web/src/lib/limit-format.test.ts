import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { appliesAtOnce, formatCountdown, limitValueProblem, limitValueText, usedShare } from "./limit-format";

describe("the limits page's rules", () => {
  it("says a new or lower limit applies at once, a higher one or removal in 24 hours", () => {
    expect(appliesAtOnce("stake_day", null, "100.00")).toBe(true);
    expect(appliesAtOnce("stake_day", "100.00", "99.99")).toBe(true);
    expect(appliesAtOnce("stake_day", "100.00", "100.01")).toBe(false);
    expect(appliesAtOnce("stake_day", "100.00", null)).toBe(false);
    // Counts compare as numbers, not text ("10" < "9" as strings).
    expect(appliesAtOnce("open_positions", "10", "9")).toBe(true);
    expect(appliesAtOnce("reminder_minutes", "9", "10")).toBe(false);
    expect(appliesAtOnce("loss_streak", "5", "3")).toBe(true);
  });

  it("checks a typed value as the server does", () => {
    expect(limitValueProblem("deposit_day", " ")).toBe("required");
    for (const zeroOrLess of ["0", "0.00", "-1", "-0.50", "-"])
      expect(limitValueProblem("deposit_day", zeroOrLess), zeroOrLess).toBe("another");
    expect(limitValueProblem("stake_day", "0.01")).toBeNull();
    expect(limitValueProblem("deposit_day", "500")).toBeNull();
    expect(limitValueProblem("open_positions", "0")).toBe("invalid");
    expect(limitValueProblem("open_positions", "1.5")).toBe("invalid");
    expect(limitValueProblem("open_positions", "3")).toBeNull();
    expect(limitValueProblem("reminder_minutes", "4")).toBe("invalid");
    expect(limitValueProblem("reminder_minutes", "721")).toBe("invalid");
    expect(limitValueProblem("reminder_minutes", "30")).toBeNull();
    expect(limitValueProblem("loss_streak", "1")).toBe("invalid");
    expect(limitValueProblem("loss_streak", "21")).toBe("invalid");
    expect(limitValueProblem("loss_streak", "3")).toBeNull();
  });

  it("counts down in hours, minutes and seconds, and stops at zero", () => {
    expect(formatCountdown(24 * 3_600_000)).toBe("24:00:00");
    expect(formatCountdown(3_600_000 + 61_500)).toBe("01:01:02");
    expect(formatCountdown(-5_000)).toBe("00:00:00");
  });

  it("fills the bar with what the period used, at most full", () => {
    expect(usedShare("25.00", "100.00")).toBe(0.25);
    expect(usedShare("130.00", "100.00")).toBe(1);
    expect(usedShare("10.00", null)).toBeNull();
    expect(usedShare(null, "3")).toBeNull();
  });

  it("words each kind of value", async () => {
    const t = await i18next.createInstance().init({
      lng: "en",
      resources: {
        en: {
          translation: {
            limits: {
              none: "No limit",
              positions_one: "{{count}} position",
              positions_other: "{{count}} positions",
              everyMinutes_other: "Every {{count}} min",
              lossesInRow_one: "{{count}} loss in a row",
              lossesInRow_other: "{{count}} losses in a row",
            },
          },
        },
      },
    });
    expect(limitValueText("stake_day", null, t, "en")).toBe("No limit");
    expect(limitValueText("stake_day", "1234.50", t, "en")).toBe("1,234.50");
    expect(limitValueText("open_positions", "1", t, "en")).toBe("1 position");
    expect(limitValueText("reminder_minutes", "30", t, "en")).toBe("Every 30 min");
    expect(limitValueText("loss_streak", "3", t, "en")).toBe("3 losses in a row");
  });
});
