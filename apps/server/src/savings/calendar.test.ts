import { describe, expect, it } from "vitest";
import { confirmationDate, platformDate } from "./calendar";

describe("the day a move in confirms", () => {
  it("is the next day before the cut-off and the day after at or after it (Shanghai, no DST)", () => {
    const zone = "Asia/Shanghai";
    expect(confirmationDate(new Date("2026-03-02T14:59:59.999+08:00"), zone, "15:00")).toBe("2026-03-03");
    expect(confirmationDate(new Date("2026-03-02T15:00:00.000+08:00"), zone, "15:00")).toBe("2026-03-04");
    expect(confirmationDate(new Date("2026-03-02T00:00:00.000+08:00"), zone, "15:00")).toBe("2026-03-03");
    expect(confirmationDate(new Date("2026-03-02T23:59:59.999+08:00"), zone, "15:00")).toBe("2026-03-04");
    // Midnight in Shanghai is 16:00 UTC the day before: the platform's date, not UTC's, counts.
    expect(confirmationDate(new Date("2026-03-01T16:00:00.000Z"), zone, "15:00")).toBe("2026-03-03");
    expect(confirmationDate(new Date("2026-03-01T15:59:59.999Z"), zone, "15:00")).toBe("2026-03-03");
    expect(confirmationDate(new Date("2026-02-28T10:00:00+08:00"), zone, "15:00")).toBe("2026-03-01");
    expect(confirmationDate(new Date("2024-02-28T16:00:00+08:00"), zone, "15:00")).toBe("2024-03-01");
  });

  it("reads the wall clock on the days clocks change (New York, Berlin)", () => {
    // 2026-03-08: New York springs forward at 02:00 (a 23-hour day); 15:00 is then UTC-4.
    const ny = "America/New_York";
    expect(confirmationDate(new Date("2026-03-08T14:59:59.999-04:00"), ny, "15:00")).toBe("2026-03-09");
    expect(confirmationDate(new Date("2026-03-08T15:00:00.000-04:00"), ny, "15:00")).toBe("2026-03-10");
    // 2026-11-01: New York falls back at 02:00 (a 25-hour day); 15:00 is then UTC-5.
    expect(confirmationDate(new Date("2026-11-01T14:59:59.999-05:00"), ny, "15:00")).toBe("2026-11-02");
    expect(confirmationDate(new Date("2026-11-01T15:00:00.000-05:00"), ny, "15:00")).toBe("2026-11-03");
    // The repeated hour 01:00–02:00 belongs to the same day either time.
    expect(platformDate(new Date("2026-11-01T05:30:00Z"), ny)).toBe("2026-11-01");
    expect(platformDate(new Date("2026-11-01T06:30:00Z"), ny)).toBe("2026-11-01");
    const berlin = "Europe/Berlin";
    expect(confirmationDate(new Date("2026-03-29T14:59:59.999+02:00"), berlin, "15:00")).toBe("2026-03-30");
    expect(confirmationDate(new Date("2026-03-29T15:00:00+02:00"), berlin, "15:00")).toBe("2026-03-31");
    expect(confirmationDate(new Date("2026-10-25T14:59:59.999+01:00"), berlin, "15:00")).toBe("2026-10-26");
  });

  it("follows a configured cut-off, including midnight", () => {
    const zone = "Asia/Shanghai";
    expect(confirmationDate(new Date("2026-03-02T09:29:00+08:00"), zone, "09:30")).toBe("2026-03-03");
    expect(confirmationDate(new Date("2026-03-02T09:30:00+08:00"), zone, "09:30")).toBe("2026-03-04");
    // A cut-off of 00:00: every move is at or after it.
    expect(confirmationDate(new Date("2026-03-02T00:00:00+08:00"), zone, "00:00")).toBe("2026-03-04");
  });
});
