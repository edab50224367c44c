import { describe, expect, it } from "vitest";
import { AppError } from "../platform/errors";
import { BANK_CARD } from "../test/cashier-fixtures";
import { validateWithdrawalAccount } from "./withdrawal-accounts";

function fieldsOf(run: () => unknown): Record<string, string> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields;
    throw error;
  }
  return undefined;
}

describe("a bank card's nationality", () => {
  it("is stored as the ISO 3166-1 alpha-2 code it was given", () => {
    expect(validateWithdrawalAccount({ ...BANK_CARD, nationality: "DE" })).toMatchObject({
      nationality: "DE",
      card_number: "6222021234567890",
    });
  });

  it("is refused as free text, in lower case or as a code nobody was assigned", () => {
    for (const nationality of ["China", "中国", "cn", "XK", ""]) {
      expect(
        fieldsOf(() => validateWithdrawalAccount({ ...BANK_CARD, nationality })),
        nationality,
      ).toEqual({
        nationality: "NATIONALITY_INVALID",
      });
    }
  });
});
