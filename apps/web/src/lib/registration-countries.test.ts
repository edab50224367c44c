import { LOCALES, PHONE_COUNTRIES, type PhoneCountry } from "@tickfair/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultPhoneCountry, nationalityOf, restrictedChoice } from "./registration-countries";

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

describe("defaultPhoneCountry", () => {
  const start = (
    language: string,
    options: { device?: string[]; defaultCountry?: PhoneCountry | null; restricted?: string[] } = {},
  ) =>
    defaultPhoneCountry({
      language,
      deviceLanguages: options.device ?? [],
      defaultCountry: options.defaultCountry ?? null,
      restricted: options.restricted ?? [],
    });

  it("starts from the app's language, not from China for everyone", () => {
    const byLanguage = Object.fromEntries(LOCALES.map((locale) => [locale, start(locale)]));
    expect(byLanguage).toEqual({
      "zh-CN": "CN",
      "zh-TW": "TW",
      en: "US",
      ja: "JP",
      th: "TH",
      vi: "VN",
      id: "ID",
      ko: "KR",
      fr: "FR",
      de: "DE",
    });
  });

  it("puts first the language's country the device's settings name", () => {
    expect(start("en", { device: ["en-GB", "en"] })).toBe("GB");
    expect(start("zh-TW", { device: ["zh-HK"] })).toBe("HK");
    expect(start("zh-TW", { device: ["zh-Hant-MO"] })).toBe("MO");
    // A region of another language's countries, or one without a phone code here, says nothing.
    expect(start("zh-CN", { device: ["en-US"] })).toBe("CN");
    expect(start("de", { device: ["de-AT", "not a tag"] })).toBe("DE");
  });

  it("lets the deployer's default win over the language and the device", () => {
    expect(start("en", { device: ["en-GB"], defaultCountry: "TH" })).toBe("TH");
  });

  it("never starts from a restricted country", () => {
    expect(start("de", { restricted: ["DE"] })).not.toBe("DE");
    expect(start("en", { restricted: ["US", "GB"] })).toBe("PH");
    expect(start("en", { device: ["en-GB"], restricted: ["GB"] })).toBe("US");
    expect(start("fr", { defaultCountry: "FR", restricted: ["FR"] })).toBe("CN");
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.subarray([...PHONE_COUNTRIES], { maxLength: PHONE_COUNTRIES.length - 1 }),
        fc.option(fc.constantFrom(...PHONE_COUNTRIES)),
        (language, restricted, defaultCountry) => {
          expect(restricted).not.toContain(start(language, { restricted, defaultCountry }));
        },
      ),
    );
  });
});
