import {
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  isValidPhoneNumber,
} from "libphonenumber-js/min";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone";
import { PHONE_COUNTRIES, PHONE_COUNTRY_CODES, type PhoneCountry } from "./phone-countries";

function example(country: PhoneCountry) {
  const number = getExampleNumber(country, examples);
  if (!number) throw new Error(`libphonenumber has no mobile example for ${country}`);
  return number;
}

describe("PHONE_COUNTRY_CODES", () => {
  it("lists each country once, in PHONE_COUNTRIES order", () => {
    expect(PHONE_COUNTRIES).toEqual(Object.keys(PHONE_COUNTRY_CODES));
    expect(new Set(PHONE_COUNTRIES).size).toBe(PHONE_COUNTRIES.length);
    expect(PHONE_COUNTRIES[0]).toBe("CN");
  });

  it.each(PHONE_COUNTRIES)("%s has libphonenumber's calling code", (country) => {
    expect(isSupportedCountry(country)).toBe(true);
    expect(PHONE_COUNTRY_CODES[country]).toBe(`+${getCountryCallingCode(country)}`);
  });
});

describe("normalizePhone", () => {
  it("returns mainland numbers in E.164", () => {
    expect(normalizePhone("CN", "13800138000")).toBe("+8613800138000");
    expect(normalizePhone("CN", "138 0013 8000")).toBe("+8613800138000");
    expect(normalizePhone("CN", "138-0013-8000")).toBe("+8613800138000");
  });

  it("applies the specification's mainland rule on top of libphonenumber", () => {
    // libphonenumber alone would let these through; the spec's rule is what rejects them.
    expect(isValidPhoneNumber("12800138000", "CN")).toBe(true);
    expect(isValidPhoneNumber("16612345678", "CN")).toBe(true);
    // 12x is not a mobile prefix the spec allows, whatever the metadata says.
    expect(normalizePhone("CN", "12800138000")).toBeNull();
    // 16x and 19x: 19x is allowed by the spec, 16x is not.
    expect(normalizePhone("CN", "19912345678")).toBe("+8619912345678");
    expect(normalizePhone("CN", "16612345678")).toBeNull();
  });

  it("rejects mainland numbers of the wrong length", () => {
    expect(normalizePhone("CN", "1380013800")).toBeNull();
    expect(normalizePhone("CN", "138001380001")).toBeNull();
  });

  it("rejects a mainland landline even though libphonenumber accepts it", () => {
    // Beijing landline: valid for libphonenumber, not a mainland mobile number under the spec.
    expect(isValidPhoneNumber("01012345678", "CN")).toBe(true);
    expect(normalizePhone("CN", "01012345678")).toBeNull();
  });

  it.each(PHONE_COUNTRIES)("accepts %s's example mobile number, bare and formatted", (country) => {
    const number = example(country);
    expect(normalizePhone(country, number.nationalNumber)).toBe(number.number);
    expect(normalizePhone(country, number.formatNational())).toBe(number.number);
    expect(number.number.startsWith(PHONE_COUNTRY_CODES[country])).toBe(true);
  });

  it.each(PHONE_COUNTRIES)("rejects %s's example number with digits missing or added", (country) => {
    const digits = example(country).nationalNumber;
    expect(normalizePhone(country, digits.slice(0, 3))).toBeNull();
    expect(normalizePhone(country, `${digits}0000`)).toBeNull();
  });

  it("validates against the chosen country, not any country", () => {
    const hk = example("HK").nationalNumber; // 8 digits
    expect(normalizePhone("HK", hk)).toBe(`+852${hk}`);
    expect(normalizePhone("CN", hk)).toBeNull();
    expect(normalizePhone("US", hk)).toBeNull();
  });

  it("keeps national trunk prefixes out of the result", () => {
    expect(normalizePhone("GB", "07400 123456")).toBe("+447400123456");
    expect(normalizePhone("FR", "06 12 34 56 78")).toBe("+33612345678");
    expect(normalizePhone("US", "(201) 555-0123")).toBe("+12015550123");
  });

  it.each([
    "",
    "   ",
    "abc",
    "1380013800a",
    "+8613800138000",
    "13800138000; DROP TABLE users",
    "１３８００１３８０００",
    "1".repeat(16),
    "123",
  ])("rejects garbage %j", (text) => {
    expect(normalizePhone("CN", text)).toBeNull();
    expect(normalizePhone("US", text)).toBeNull();
    expect(normalizePhone("GB", text)).toBeNull();
  });
});
