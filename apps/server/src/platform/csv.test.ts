import { describe, expect, it } from "vitest";
import { csvCell, localTimeWithOffset } from "./csv";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["+1+1", `"'+1+1"`],
    ["-1+cmd", `"'-1+cmd"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tTAB", `"'\tTAB"`],
    ["-70.00", `"-70.00"`],
    ["120.00", `"120.00"`],
    ["a,b", `"a,b"`],
  ])("writes %j as %s, a formula never running", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe("localTimeWithOffset", () => {
  it.each([
    ["Asia/Shanghai", "2026-11-23T10:04:05.999Z", "2026-11-23 18:04:05 +08:00"],
    ["Asia/Shanghai", "2026-12-31T16:00:00Z", "2027-01-01 00:00:00 +08:00"],
    ["UTC", "2026-11-23T00:00:00Z", "2026-11-23 00:00:00 +00:00"],
    ["America/New_York", "2026-07-01T12:00:00Z", "2026-07-01 08:00:00 -04:00"],
    ["America/New_York", "2026-01-15T12:00:00Z", "2026-01-15 07:00:00 -05:00"],
    ["Asia/Kolkata", "2026-11-23T10:04:05Z", "2026-11-23 15:34:05 +05:30"],
    ["America/St_Johns", "2026-01-15T12:00:00Z", "2026-01-15 08:30:00 -03:30"],
    ["Asia/Kathmandu", "2026-11-23T00:00:00Z", "2026-11-23 05:45:00 +05:45"],
  ])("%s writes %s as %s", (zone, at, expected) => {
    expect(localTimeWithOffset(zone)(new Date(at))).toBe(expected);
  });
});
