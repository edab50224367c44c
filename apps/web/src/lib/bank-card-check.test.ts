import { describe, expect, it } from "vitest";
import { bankCardProblems } from "./bank-card-check";

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
