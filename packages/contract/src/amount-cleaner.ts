export const DEFAULT_MAX_AMOUNT = 999999;

/**
 * The specification's amount input cleaner: keeps only digits and one decimal point, at most two
 * decimals, a value of zero or less becomes 1, capped at `max`.
 *
 * While a user types (the default), "0", "0." and "0.0" are kept so 0.5 can be reached key by key;
 * with `complete` (on blur, before submit) they become 1 and a trailing point is dropped. "0.00" is
 * a finished zero either way and becomes 1.
 */
export function cleanAmount(
  input: string,
  max: number = DEFAULT_MAX_AMOUNT,
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

  // The cap comes first so a trailing point ("1000000.") cannot carry a value past `max`.
  if (Number(text) > max) return String(max);
  if (options.complete) {
    text = text.replace(/\.$/, "");
    return Number(text) <= 0 ? "1" : text;
  }
  const stillTyping = text.endsWith(".") || /^0(\.0?)?$/.test(text);
  if (stillTyping) return text;
  if (Number(text) <= 0) return "1";
  return text;
}
