import { describe, expect, it } from "vitest";
import { capsFromForm, capsLoosened, capUsePercent, formLoosens } from "./caps";

describe("exposure caps in the console", () => {
  it("shows how much of a cap is used, without one when there is none", () => {
    expect(capUsePercent("0.00", "100.00")).toBe(0);
    expect(capUsePercent("37.00", "100.00")).toBe(37);
    expect(capUsePercent("185.00", "100.00")).toBe(100);
    expect(capUsePercent("0.00", "0.00")).toBe(100);
    expect(capUsePercent("5.00", null)).toBeNull();
  });

  it("reads a blank field as no cap and writes amounts with two decimals", () => {
    expect(capsFromForm({ up: "1000", down: "", perUser: undefined })).toEqual({
      up: "1000.00",
      down: null,
      perUser: null,
    });
  });

  it("calls raising or removing a cap a loosening, and setting or lowering one not", () => {
    const current = { up: "500.00", down: null, perUser: "50.00" };
    expect(capsLoosened(current, { up: "400.00", down: "10.00", perUser: "50.00" })).toEqual([]);
    expect(capsLoosened(current, { up: "500.01", down: null, perUser: null })).toEqual(["up", "perUser"]);
    expect(formLoosens(current, { up: "600", down: "", perUser: "50" })).toBe(true);
    expect(formLoosens(current, { up: "6x", down: "", perUser: "50" })).toBe(false);
  });
});
