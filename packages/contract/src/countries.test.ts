import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode } from "./countries";

describe("COUNTRY_CODES", () => {
  it("holds the 249 assigned ISO 3166-1 alpha-2 codes, once each, in order", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
  });

  it("names a region ICU knows for every code", () => {
    const names = new Intl.DisplayNames("en", { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
  });

  it("accepts only a code, not a name or another case", () => {
    expect(isCountryCode("CN")).toBe(true);
    expect(isCountryCode("DE")).toBe(true);
    for (const value of ["cn", "China", "中国", "", "XK", "UK", "EU"])
      expect(isCountryCode(value)).toBe(false);
  });
});
