import { readFileSync } from "node:fs";
import { LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { bankCardProblems, cryptoAddressProblems, REQUIRED_TEXT } from "./withdrawal-account-check";

const card = {
  accountName: "Li Lei",
  nationality: "CN",
  bankName: "Bank of Example",
  cardNumber: "6222021234567890",
  bankAddress: "1 Example Road",
};

describe("bankCardProblems", () => {
  it("finds nothing in a card the server accepts", () => {
    expect(bankCardProblems(card)).toEqual({});
  });

  it("names every blank field", () => {
    expect(
      bankCardProblems({ accountName: " ", nationality: "", bankName: "", cardNumber: "", bankAddress: "" }),
    ).toEqual({
      accountName: "EMPTY",
      nationality: "EMPTY",
      bankName: "EMPTY",
      cardNumber: "EMPTY",
      bankAddress: "EMPTY",
    });
  });

  it("answers what the server would for a filled field it refuses", () => {
    expect(
      bankCardProblems({
        accountName: "L",
        nationality: "China",
        bankName: "B",
        cardNumber: "1234",
        bankAddress: "x",
      }),
    ).toEqual({
      accountName: "ACCOUNT_NAME_INVALID",
      nationality: "NATIONALITY_INVALID",
      bankName: "BANK_NAME_INVALID",
      cardNumber: "CARD_NUMBER_INVALID",
      bankAddress: "BANK_ADDRESS_INVALID",
    });
  });
});

describe("cryptoAddressProblems", () => {
  it("takes an address of its network's form", () => {
    expect(
      cryptoAddressProblems({ network: "TRC20", address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" }),
    ).toEqual({});
    expect(
      cryptoAddressProblems({ network: "ERC20", address: " 0x52908400098527886E0F7030069857D2E4169EE7 " }),
    ).toEqual({});
  });

  it("names a blank address, and an address of another network's form as the server does", () => {
    expect(cryptoAddressProblems({ network: "TRC20", address: " " })).toEqual({ address: "EMPTY" });
    expect(
      cryptoAddressProblems({ network: "TRC20", address: "0x52908400098527886E0F7030069857D2E4169EE7" }),
    ).toEqual({ address: "CRYPTO_ADDRESS_INVALID" });
    expect(cryptoAddressProblems({ network: "DOGE", address: "D1" })).toEqual({ network: "NETWORK_INVALID" });
  });
});

describe("the prompt of a blank field", () => {
  const texts = (locale: string) =>
    JSON.parse(readFileSync(new URL(`../i18n/locales/account/${locale}.json`, import.meta.url), "utf8"))
      .account as Record<string, string>;
  const core = (locale: string) =>
    JSON.parse(readFileSync(new URL(`../i18n/locales/${locale}.json`, import.meta.url), "utf8"))
      .cashier as Record<string, string>;

  it.each(LOCALES)("names its own field in %s, never the generic 'cannot be empty'", (locale) => {
    const prompts = Object.values(REQUIRED_TEXT).map((key) => texts(locale)[key.replace(/^account\./, "")]);
    for (const prompt of prompts) expect(prompt, locale).toMatch(/\S/);
    expect(new Set(prompts).size).toBe(prompts.length);
    expect(prompts).not.toContain(core(locale).emptyValue);
  });
});
