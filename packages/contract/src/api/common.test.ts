import { describe, expect, it } from "vitest";
import { idString, isoTimeInput, MAX_ID, operatorReason } from "./common";

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("idString", () => {
  it("takes ids a bigint column holds and nothing past them", () => {
    expect(accepts(idString, "1")).toBe(true);
    expect(accepts(idString, MAX_ID.toString())).toBe(true);
    for (const bad of [
      "0",
      (MAX_ID + 1n).toString(),
      "9999999999999999999",
      "-1",
      "1e3",
      "１",
      "",
      " 1",
      1,
    ]) {
      expect(accepts(idString, bad), String(bad)).toBe(false);
    }
  });
});

describe("isoTimeInput", () => {
  it("takes zoned ISO times from 1970 to 9999 only", () => {
    const schema = isoTimeInput();
    expect(accepts(schema, "2026-01-05T08:00:00Z")).toBe(true);
    expect(accepts(schema, "2026-01-05T16:00:00+08:00")).toBe(true);
    for (const bad of [
      "0000-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "2026-01-05T08:00:00",
      "2026-13-45T00:00:00Z",
    ]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message, bad).toBe("RANGE_INVALID");
    }
  });
});

describe("operatorReason", () => {
  it("requires a real reason", () => {
    expect(operatorReason.parse("  No transfer received ")).toBe("No transfer received");
    expect(accepts(operatorReason, "重复申请")).toBe(true);
    for (const bad of ["", "   ", "x", "....", "-- -", "a".repeat(301)]) {
      expect(operatorReason.safeParse(bad).error?.issues[0]?.message, bad).toBe("REASON_REQUIRED");
    }
  });
});
