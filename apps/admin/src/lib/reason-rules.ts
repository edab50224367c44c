import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";

/**
 * The form rules of an operator's reason, as the contract's `operatorReason` checks it (at least 4
 * characters, two of them letters or digits): the console does not load zod, so it says it here once.
 */
export function reasonRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t("review.reasonRequired") },
    { min: 4, message: t("review.reasonTooShort") },
    { pattern: /[\p{L}\p{N}]{2}/u, message: t("review.reasonTooShort") },
  ];
}
