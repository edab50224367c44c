import { isPositiveAmount, lessThanMoney } from "@tickfair/contract";

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
