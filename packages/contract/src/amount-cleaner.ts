import { fromMinor, isMoneyString, toMinor } from "./money";

export const DEFAULT_MAX_AMOUNT = "999999";

/**
 * The specification's amount input cleaner: keeps only digits and one decimal point, at most two
 * decimals, a value of zero or less becomes 1, capped at `max`.
 *
 * `max` is a money string, compared with the typed amount exactly in minor units; an amount above it
 * becomes `max` as a person would type it ("5000.00" gives "5000", "1234.50" gives "1234.5").
 *
 * While a user types (the default), "0", "0." and "0.0" are kept so 0.5 can be reached key by key;
 * with `complete` (on blur, before submit) they become 1 and a trailing point is dropped. "0.00" is
 * a finished zero either way and becomes 1.
 */
export function cleanAmount(
  input: string,
  max: string = DEFAULT_MAX_AMOUNT,
  options: { complete?: boolean } = {},
): string {
  let text = input.replace(/[^\d.]/g, "");
  const dot = text.indexOf(".");
  if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, "");
  if (text.startsWith(".")) text = `0${text}`;
  const [whole = "", fraction] = text.split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  text = fraction === undefined ? trimmedWhole : `${trimmedWhole}.${fraction.slice(0, 2)}`;
  if (text === "") return "";

  // The cap comes first, and reads the amount without its trailing point, so "1000000." cannot
  // carry a value past `max`.
  const amount = text.replace(/\.$/, "");
  const cap = toMinor(max);
  // Cleaned text fails the money pattern only with more whole digits than any money string has, so
  // it is above every cap.
  const value = isMoneyString(amount) ? toMinor(amount) : null;
  if (value === null || value > cap) return asTyped(cap);
  if (options.complete) return value === 0n ? "1" : amount;
  const stillTyping = text.endsWith(".") || /^0(\.0?)?$/.test(text);
  if (stillTyping) return text;
  return value === 0n ? "1" : text;
}

/** An amount the way a person types it: no trailing zeros after the point, no point without decimals. */
function asTyped(minor: bigint): string {
  return fromMinor(minor).replace(/0+$/, "").replace(/\.$/, "");
}
