import { COUNTRY_CODES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { countryOptions, filterCountries, nationalityName } from "./countries";

describe("countryOptions", () => {
  it("names every code once, in the language asked for", () => {
    const en = countryOptions("en");
    expect(en).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(en.map((o) => o.code)).size).toBe(COUNTRY_CODES.length);
    expect(en.find((o) => o.code === "DE")?.name).toBe("Germany");
    expect(countryOptions("de").find((o) => o.code === "DE")?.name).toBe("Deutschland");
    expect(countryOptions("zh-CN").find((o) => o.code === "CN")?.name).toBe("中国");
    expect(countryOptions("ja").find((o) => o.code === "JP")?.name).toBe("日本");
  });

  it("sorts by name with the language's own collation", () => {
    const order = (locale: string) => countryOptions(locale).map((o) => o.name);
    const en = order("en");
    expect(en.indexOf("Åland Islands")).toBeLessThan(en.indexOf("Albania"));
    // German files Ö under O, not after Z.
    const de = order("de");
    expect(de.indexOf("Oman")).toBeLessThan(de.indexOf("Österreich"));
    expect(de.indexOf("Österreich")).toBeLessThan(de.indexOf("Pakistan"));
    for (const locale of ["en", "de", "fr", "zh-CN", "th"]) {
      const names = order(locale);
      const collator = new Intl.Collator(locale);
      expect([...names].sort(collator.compare)).toEqual(names);
    }
  });
});

describe("nationalityName", () => {
  it("names a code in the language asked for", () => {
    expect(nationalityName("CN", "en")).toBe("China");
    expect(nationalityName("CN", "zh-CN")).toBe("中国");
    expect(nationalityName("FR", "fr")).toBe("France");
  });

  it("shows text stored before the list as it was typed", () => {
    expect(nationalityName("China", "de")).toBe("China");
    expect(nationalityName("中国", "en")).toBe("中国");
  });
});

describe("filterCountries", () => {
  const de = countryOptions("de");

  it("finds a name by any part of it, ignoring case and accents", () => {
    expect(filterCountries(de, "osterr", "de").map((o) => o.code)).toEqual(["AT"]);
    expect(filterCountries(de, "DEUTSCH", "de").map((o) => o.code)).toContain("DE");
  });

  it("finds a country by its code", () => {
    expect(filterCountries(countryOptions("en"), "gb", "en").map((o) => o.code)).toEqual(["GB"]);
  });

  it("keeps every option for an empty query", () => {
    expect(filterCountries(de, "  ", "de")).toBe(de);
  });
});
