import { type ErrorCode, isCountryCode } from "@tickfair/contract";
import { isCardNumber } from "./card-number";

/** A bank card as the bind form holds it: nationality a country code, the card number its digits. */
export interface BankCardValues {
  accountName: string;
  nationality: string;
  bankName: string;
  cardNumber: string;
  bankAddress: string;
}

/** "EMPTY" for a field left blank, else the code the server would answer for it. */
export type BankCardProblem = "EMPTY" | ErrorCode;

/**
 * The problems the server would find in a bank card, each under its field, found before the
 * "cannot be changed" confirmation so that the user confirms details that will be accepted.
 */
export function bankCardProblems(
  card: BankCardValues,
): Partial<Record<keyof BankCardValues, BankCardProblem>> {
  const problems: Partial<Record<keyof BankCardValues, BankCardProblem>> = {};
  const text = (field: "accountName" | "bankName" | "bankAddress", code: ErrorCode) => {
    const value = card[field].trim();
    if (value === "") problems[field] = "EMPTY";
    else if (value.length < 2) problems[field] = code;
  };
  text("accountName", "ACCOUNT_NAME_INVALID");
  if (card.nationality === "") problems.nationality = "EMPTY";
  else if (!isCountryCode(card.nationality)) problems.nationality = "NATIONALITY_INVALID";
  text("bankName", "BANK_NAME_INVALID");
  if (card.cardNumber === "") problems.cardNumber = "EMPTY";
  else if (!isCardNumber(card.cardNumber)) problems.cardNumber = "CARD_NUMBER_INVALID";
  text("bankAddress", "BANK_ADDRESS_INVALID");
  return problems;
}
