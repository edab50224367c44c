import { describe, expect, it } from "vitest";
import { minuteSpan, worstOutcome } from "./exposure";

describe("the exposure board's figures", () => {
  it("leads with the outcome the house fares worst under, compared exactly", () => {
    expect(worstOutcome({ houseIfUpWins: "-38.14", houseIfDownWins: "48.68", houseIfDraw: "0.00" })).toEqual({
      outcome: "houseIfUpWins",
      result: "-38.14",
    });
    expect(
      worstOutcome({ houseIfUpWins: "12.34", houseIfDownWins: "-99999999999999.99", houseIfDraw: "0.00" }),
    ).toEqual({ outcome: "houseIfDownWins", result: "-99999999999999.99" });
    // Nothing to lose: the draw (nothing either way) is the worst, and a tie keeps column order.
    expect(
      worstOutcome({ houseIfUpWins: "3.00", houseIfDownWins: "3.01", houseIfDraw: "0.00" }).outcome,
    ).toBe("houseIfDraw");
    expect(
      worstOutcome({ houseIfUpWins: "0.00", houseIfDownWins: "0.00", houseIfDraw: "0.00" }).outcome,
    ).toBe("houseIfUpWins");
  });

  it("names a minute row by its span in the operator's clock, and says when it has passed", () => {
    const minute = "2026-01-05T10:01:00.000Z";
    const local = new Date(minute);
    const pad = (n: number) => String(n).padStart(2, "0");
    const from = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
    const row = minuteSpan({ kind: "minute", minute }, "en", "2026-01-05T10:01:30.000Z");
    expect(row.span.startsWith(`${from}–`)).toBe(true);
    expect(row.past).toBe(false);
    expect(minuteSpan({ kind: "minute", minute }, "zh-CN", "2026-01-05T10:02:00.000Z").past).toBe(true);
  });
});
