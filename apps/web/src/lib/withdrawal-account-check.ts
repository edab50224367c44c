import {
  type CryptoNetwork,
  type ErrorCode,
  isCountryCode,
  isCryptoAddress,
  isCryptoNetwork,
} from "@tickfair/contract";
import { isCardNumber } from "./card-number";

/** A bank card as the bind form holds it: nationality a country code, the card number its digits. */
export interface BankCardValues {
  accountName: string;
  nationality: string;
  bankName: string;
  cardNumber: string;
  bankAddress: string;
}

/** A currency address as the bind form holds it. */
export interface CryptoAddressValues {
  network: string;
  address: string;
}

export type WithdrawalAccountField = keyof BankCardValues | keyof CryptoAddressValues;

/** "EMPTY" for a field left blank, else the code the server would answer for it. */
export type WithdrawalAccountProblem = "EMPTY" | ErrorCode;

/**
 * What each field says when it is left blank: its own prompt, as registration's fields have, so the
 * user reads which one is missing ("please enter the card number"), not a bare "cannot be empty".
 */
export const REQUIRED_TEXT = {
  accountName: "account.accountNameRequired",
  nationality: "account.nationalityRequired",
  bankName: "account.bankNameRequired",
  cardNumber: "account.cardNumberRequired",
  bankAddress: "account.bankAddressRequired",
  network: "account.networkRequired",
  address: "account.addressRequired",
} as const satisfies Record<WithdrawalAccountField, `account.${string}`>;

/**
 * The problems the server would find in a bank card, each under its field, found before the
 * "cannot be changed" confirmation so that the user confirms details that will be accepted.
 */
export function bankCardProblems(
  card: BankCardValues,
): Partial<Record<keyof BankCardValues, WithdrawalAccountProblem>> {
  const problems: Partial<Record<keyof BankCardValues, WithdrawalAccountProblem>> = {};
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

/** The problems the server would find in a currency address, by the form of its network's addresses. */
export function cryptoAddressProblems(
  values: CryptoAddressValues,
): Partial<Record<keyof CryptoAddressValues, WithdrawalAccountProblem>> {
  const address = values.address.trim();
  const network: CryptoNetwork | null = isCryptoNetwork(values.network) ? values.network : null;
  const problems: Partial<Record<keyof CryptoAddressValues, WithdrawalAccountProblem>> = {};
  if (values.network === "") problems.network = "EMPTY";
  else if (!network) problems.network = "NETWORK_INVALID";
  if (address === "") problems.address = "EMPTY";
  else if (network && !isCryptoAddress(network, address)) problems.address = "CRYPTO_ADDRESS_INVALID";
  return problems;
}
