import { describe, expect, it } from "vitest";
import { CARD_NUMBER_MAX_DIGITS, cardNumberDigits, groupCardNumber, isCardNumber } from "./card-number";

describe("cardNumberDigits", () => {
  it("keeps only the digits of what is typed or pasted", () => {
    expect(cardNumberDigits("6222 0212-3456.7890")).toBe("6222021234567890");
    expect(cardNumberDigits("62ab22xyz")).toBe("6222");
    expect(cardNumberDigits("abc")).toBe("");
    expect(cardNumberDigits("")).toBe("");
  });

  it("reads full-width digits as digits", () => {
    expect(cardNumberDigits("６２２２　０２１２")).toBe("62220212");
  });

  it("stops at the longest number the server takes, however the paste was spaced", () => {
    const pasted = "1234 ".repeat(10);
    expect(cardNumberDigits(pasted)).toHaveLength(CARD_NUMBER_MAX_DIGITS);
    expect(cardNumberDigits(pasted)).toBe("123412341234123412341234123412");
  });
});

describe("isCardNumber", () => {
  it("takes 8 to 30 digits", () => {
    expect(isCardNumber("12345678")).toBe(true);
    expect(isCardNumber("1".repeat(30))).toBe(true);
    expect(isCardNumber("1234567")).toBe(false);
    expect(isCardNumber("1".repeat(31))).toBe(false);
    expect(isCardNumber("1234 5678")).toBe(false);
  });
});

describe("groupCardNumber", () => {
  it("splits the digits in fours, the last group as long as what is left", () => {
    expect(groupCardNumber("6222021234567890")).toBe("6222 0212 3456 7890");
    expect(groupCardNumber("622202123")).toBe("6222 0212 3");
    expect(groupCardNumber("6222")).toBe("6222");
    expect(groupCardNumber("")).toBe("");
  });
});
