/** The specification's helper checks. Each takes the raw text a user typed. */

export const USER_ID = /^\w{6,12}$/;
export const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,5}$/;
export const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;
export const MAINLAND_PHONE = /^1[345789]\d{9}$/;
export const VERIFICATION_CODE = /^\d{4}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PAY_PASSWORD = /^\d{6}$/;

export const isUserId = (text: string) => USER_ID.test(text);
export const isChineseName = (text: string) => CHINESE_NAME.test(text);
export const isIdCard = (text: string) => ID_CARD.test(text);
export const isMainlandPhone = (text: string) => MAINLAND_PHONE.test(text);
export const isVerificationCode = (text: string) => VERIFICATION_CODE.test(text);
export const isEmail = (text: string) => EMAIL.test(text);
export const isPayPassword = (text: string) => PAY_PASSWORD.test(text);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const isPassword = (text: string) =>
  text.length >= PASSWORD_MIN && text.length <= PASSWORD_MAX && !/\s/.test(text);

/** Weights of the 18-digit mainland ID's first 17 digits (GB 11643, ISO 7064 MOD 11-2). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARACTERS = "10X98765432";

/** The check character an 18-digit mainland ID number ends with, from its first 17 digits. */
export function mainlandIdCheckCharacter(first17: string): string {
  const sum = ID_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return ID_CHECK_CHARACTERS[sum % 11] ?? "";
}

/**
 * A mainland resident ID number: the old 15 digits, or 18 whose last character is the checksum of the
 * other 17 (X for ten). The pattern alone lets through a mistyped digit; the checksum catches it.
 */
export function isMainlandIdNumber(text: string): boolean {
  if (/^\d{15}$/.test(text)) return true;
  if (!/^\d{17}[\dXx]$/.test(text)) return false;
  return mainlandIdCheckCharacter(text.slice(0, 17)) === text[17]?.toUpperCase();
}

/** Another country's document number: 5 to 20 letters and digits (spaces and dashes as typed are dropped first). */
export const isGenericIdNumber = (text: string) => /^[A-Za-z0-9]{5,20}$/.test(text);

/** A name as on another country's document: 2 to 60 letters, spaces, dots, apostrophes or dashes. */
export const isGenericName = (text: string) =>
  text.length >= 2 && text.length <= 60 && /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(text);
