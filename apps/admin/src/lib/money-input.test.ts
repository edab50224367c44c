import { describe, expect, it } from "vitest";
import { groupMoneyText, ungroupMoneyText } from "./money-input";

describe("a money field's grouping", () => {
  it("groups the whole part for the locale and keeps the decimals as typed", () => {
    expect(groupMoneyText("20000.00", "en")).toBe("20,000.00");
    expect(groupMoneyText("20000.00", "zh-CN")).toBe("20,000.00");
    expect(groupMoneyText("1234567.5", "en")).toBe("1,234,567.5");
    expect(groupMoneyText("1000.", "en")).toBe("1,000.");
    expect(groupMoneyText("999", "en")).toBe("999");
    expect(groupMoneyText("", "en")).toBe("");
  });

  it("never changes the amount typed: grouping and ungrouping give back the same text", () => {
    for (const typed of ["0.10", "20000.00", "1.234", "000123", "100000000.00", "1.", "5"]) {
      expect(ungroupMoneyText(groupMoneyText(typed, "en"), "en"), typed).toBe(typed);
      expect(ungroupMoneyText(groupMoneyText(typed, "zh-CN"), "zh-CN"), typed).toBe(typed);
    }
  });

  it("re-groups text the operator edited or pasted with separators", () => {
    expect(groupMoneyText("2,0000.00", "en")).toBe("20,000.00");
    expect(ungroupMoneyText("20,000.00", "en")).toBe("20000.00");
    expect(ungroupMoneyText(" 20 000.00", "en")).toBe("20000.00");
  });

  it("shows text that is not an amount as typed, for the field's rule to refuse", () => {
    expect(groupMoneyText("12a", "en")).toBe("12a");
    expect(groupMoneyText("1.2.3", "en")).toBe("1.2.3");
    expect(groupMoneyText("-5000", "en")).toBe("-5000");
  });
});
