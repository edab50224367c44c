import { describe, expect, it } from "vitest";
import { nationalityOf, restrictedChoice } from "./registration-countries";

describe("restrictedChoice", () => {
  const restricted = ["GB", "FR", "AU"];

  it("lets through a phone and a nationality the deployment serves", () => {
    expect(restrictedChoice(restricted, { phoneCountry: "CN", nationality: "DE" })).toEqual({
      phoneCountry: false,
      nationality: false,
    });
  });

  it("names the phone's country and the nationality each on its own", () => {
    expect(restrictedChoice(restricted, { phoneCountry: "GB", nationality: "CN" })).toEqual({
      phoneCountry: true,
      nationality: false,
    });
    expect(restrictedChoice(restricted, { phoneCountry: "HK", nationality: "AU" })).toEqual({
      phoneCountry: false,
      nationality: true,
    });
    expect(restrictedChoice(restricted, { phoneCountry: "FR", nationality: "FR" })).toEqual({
      phoneCountry: true,
      nationality: true,
    });
  });

  it("restricts nothing when app info has no list (kept from an older version) or an empty one", () => {
    for (const list of [undefined, []]) {
      expect(restrictedChoice(list, { phoneCountry: "GB", nationality: "FR" })).toEqual({
        phoneCountry: false,
        nationality: false,
      });
    }
  });
});

describe("nationalityOf", () => {
  it("follows the phone's country until one is picked", () => {
    expect(nationalityOf(null, "CN")).toBe("CN");
    expect(nationalityOf(null, "GB")).toBe("GB");
    expect(nationalityOf("DE", "GB")).toBe("DE");
  });
});
