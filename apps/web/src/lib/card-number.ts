/** The most digits a bank card number may have (the server's limit). */
export const CARD_NUMBER_MAX_DIGITS = 30;

/**
 * What the card number field keeps of typed or pasted text: its digits, up to the limit. Full-width
 * digits (a Chinese or Japanese keyboard's) count as the digits they are.
 */
export function cardNumberDigits(input: string): string {
  return input.normalize("NFKC").replace(/\D/g, "").slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** True for what the server accepts: 8 to 30 digits. */
export function isCardNumber(digits: string): boolean {
  return /^\d{8,30}$/.test(digits);
}

/** Digits in groups of four ("6222 0212 3456 7890"), so they can be checked by eye. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
