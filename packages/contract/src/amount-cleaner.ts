import { fromMinor, isMoneyString, lessThanMoney, toMinor } from "./money";

export const DEFAULT_MAX_AMOUNT = "999999";

/** Minus signs a keyboard may send: ASCII, the typographic minus, and the full-width one of CJK input. */
const MINUS = /^[^\d.]*?[-−－]/;

/**
 * The specification's amount input cleaner: keeps only digits and one decimal point, at most two
 * decimals, capped at `max`. It never turns an amount into a different one: the specification's
 * "zero or less becomes 1" is not kept (ARCHITECTURE §8, docs/decisions/0001). A zero stays zero and
 * a minus typed before the first digit stays, so the form says "please enter another amount" about
 * what the user typed rather than sending an amount nobody typed.
 *
 * `max` is a money string, compared with the typed amount exactly in minor units; an amount above it
 * becomes `max` as a person would type it ("5000.00" gives "5000", "1234.50" gives "1234.5"), which the
 * field shows as it is typed, as a field with a maximum length refuses the key past it.
 *
 * While a user types (the default) a trailing point is kept so 12.5 can be reached key by key; with
 * `complete` (on blur, before submit) it is dropped.
 */
export function cleanAmount(
  input: string,
  max: string = DEFAULT_MAX_AMOUNT,
  options: { complete?: boolean } = {},
): string {
  const sign = MINUS.test(input) ? "-" : "";
  let text = input.replace(/[^\d.]/g, "");
  const dot = text.indexOf(".");
  if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, "");
  if (text.startsWith(".")) text = `0${text}`;
  const [whole = "", fraction] = text.split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  text = fraction === undefined ? trimmedWhole : `${trimmedWhole}.${fraction.slice(0, 2)}`;
  if (options.complete) text = text.replace(/\.$/, "");
  // A negative amount is below every cap and is never sent, so it stays as typed, however long.
  if (sign || text === "") return sign + text;

  // The cap reads the amount without its trailing point, so "1000000." cannot carry a value past `max`.
  const amount = text.replace(/\.$/, "");
  // Cleaned text fails the money pattern only with more whole digits than any money string has, so
  // it is above every cap.
  const value = isMoneyString(amount) ? toMinor(amount) : null;
  const cap = toMinor(max);
  return value === null || value > cap ? asTyped(cap) : text;
}

/**
 * Whether a cleaned amount is one a form may send: a whole amount above zero. Zero, a negative amount
 * and a lone sign are "please enter another amount", never a different amount.
 */
export function isPositiveAmount(amount: string): boolean {
  return isMoneyString(amount) && toMinor(amount) > 0n;
}

/** What a form knows of the amounts it takes. */
export interface AmountBounds {
  min?: string | undefined;
  max?: string | undefined;
  /** The balance the amount comes from; null or absent while it is not known. */
  available?: string | null | undefined;
}

/** Why a form does not send an amount, in the order a user puts them right. */
export type AmountProblem = "another" | "belowMin" | "aboveMax" | "overBalance";

/**
 * What is wrong with an amount field's text, or null when a form may send it. Nothing typed, zero and
 * less are all the specification's "please enter another amount": no form sends an amount other than
 * the one typed. A trailing point still being typed ("12.") counts as the amount so far, so a figure
 * beside the field follows the typing.
 */
export function amountProblem(text: string, bounds: AmountBounds): AmountProblem | null {
  const amount = text.replace(/\.$/, "");
  if (!isPositiveAmount(amount)) return "another";
  if (bounds.min !== undefined && lessThanMoney(amount, bounds.min)) return "belowMin";
  if (bounds.max !== undefined && lessThanMoney(bounds.max, amount)) return "aboveMax";
  if (bounds.available != null && lessThanMoney(bounds.available, amount)) return "overBalance";
  return null;
}

/** An amount the way a person types it: no trailing zeros after the point, no point without decimals. */
function asTyped(minor: bigint): string {
  return fromMinor(minor).replace(/0+$/, "").replace(/\.$/, "");
}
