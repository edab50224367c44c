/**
 * The sign of a wire amount ("-12.50", "0.00", "3") read from its digits, so no float is involved.
 */
export function signOf(amount: string): -1 | 0 | 1 {
  const text = amount.trim();
  if (!/[1-9]/.test(text)) return 0;
  return text.startsWith("-") ? -1 : 1;
}

/** CSS class for a profit-and-loss figure: a rise's colour when positive, a fall's when negative. */
export function pnlClass(amount: string): "pnl-up" | "pnl-down" | "pnl-flat" {
  const sign = signOf(amount);
  return sign > 0 ? "pnl-up" : sign < 0 ? "pnl-down" : "pnl-flat";
}
