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

/** What is wrong with a mainland ID number, each with its own message so the user knows what to check. */
export type MainlandIdProblem =
  | "ID_NUMBER_INVALID"
  | "ID_NUMBER_BIRTH_DATE_INVALID"
  | "ID_NUMBER_CHECK_DIGIT_MISMATCH";

/** Beijing time has no daylight saving: a fixed offset gives the mainland's calendar date. */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
/** No one alive was born before this; an earlier year is a mistyped digit. */
const EARLIEST_BIRTH_YEAR = 1800;

/** `YYYYMMDD` of `now` on the mainland's calendar, comparable as text with a birth date. */
function beijingDate(now: Date): string {
  const day = new Date(now.getTime() + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
}

/** True for a `YYYYMMDD` that exists on the calendar and is not after `today` (same form). */
function isPastBirthDate(yyyymmdd: string, today: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < EARLIEST_BIRTH_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return yyyymmdd <= today;
}

/**
 * The problem of a mainland resident ID number, or null: the old 15 digits (birth date YYMMDD in the
 * 1900s at positions 7–12), or 18 (birth date YYYYMMDD at 7–14) whose last character is the checksum of
 * the other 17 (X for ten). The birth date must be a real date and not after `now`'s date in Beijing;
 * `now` comes from the caller (the server's clock, the device's), so the rule can be tested at any date.
 * A wrong date is named before a wrong check character: the date is the part a reader can check by eye.
 */
export function mainlandIdNumberProblem(text: string, now: Date): MainlandIdProblem | null {
  const today = beijingDate(now);
  if (/^\d{15}$/.test(text))
    return isPastBirthDate(`19${text.slice(6, 12)}`, today) ? null : "ID_NUMBER_BIRTH_DATE_INVALID";
  if (!/^\d{17}[\dXx]$/.test(text)) return "ID_NUMBER_INVALID";
  if (!isPastBirthDate(text.slice(6, 14), today)) return "ID_NUMBER_BIRTH_DATE_INVALID";
  if (mainlandIdCheckCharacter(text.slice(0, 17)) !== text[17]?.toUpperCase())
    return "ID_NUMBER_CHECK_DIGIT_MISMATCH";
  return null;
}

/** True for a mainland ID number with no problem (see mainlandIdNumberProblem). */
export const isMainlandIdNumber = (text: string, now: Date) => mainlandIdNumberProblem(text, now) === null;

/** Another country's document number: 5 to 20 letters and digits (spaces and dashes as typed are dropped first). */
export const isGenericIdNumber = (text: string) => /^[A-Za-z0-9]{5,20}$/.test(text);

/** A name as on another country's document: 2 to 60 letters, spaces, dots, apostrophes or dashes. */
export const isGenericName = (text: string) =>
  text.length >= 2 && text.length <= 60 && /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(text);
