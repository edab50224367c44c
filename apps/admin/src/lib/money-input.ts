/**
 * What a money field shows while the operator types: the digits they typed with the locale's
 * grouping ("20000.00" → "20,000.00"), and back. Only separators are added or taken away — never a
 * digit, a decimal or a rounding — so the form holds exactly the amount typed, as the wire's decimal
 * string. Text that is not an amount yet ("12a", "1.2.3") shows as typed, for the field's rule to name.
 */

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

/** The typed amount without the grouping the field added (and without spaces pasted with it). */
export function ungroupMoneyText(text: string, locale: string): string {
  const { group } = separators(locale);
  return text
    .split(group)
    .join("")
    .replace(/[\s\u00a0\u202f]/g, "");
}

/** The typed amount with its whole part grouped; the decimals exactly as typed. */
export function groupMoneyText(text: string, locale: string): string {
  const plain = ungroupMoneyText(text, locale);
  const match = /^(\d+)(\.\d*)?$/.exec(plain);
  if (!match) return plain;
  const [, whole = "", fraction = ""] = match;
  const { group, decimal } = separators(locale);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction ? `${grouped}${decimal}${fraction.slice(1)}` : grouped;
}
