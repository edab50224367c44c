/**
 * Prices and volumes are integers scaled by 10^precision (a product's own precision), exactly like money
 * in minor units; these pure functions are the only conversions to and from decimal text.
 */

const pow10 = (digits: number): bigint => 10n ** BigInt(digits);

/** 6701235n at precision 2 → "67012.35"; precision 0 → no decimal point. */
export function formatScaled(value: bigint, precision: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const sign = negative ? "-" : "";
  if (precision === 0) return `${sign}${abs}`;
  const scale = pow10(precision);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(precision, "0")}`;
}

/** "67012.35" at precision 2 → 6701235n. Throws on text that is not a plain decimal within the precision. */
export function parseScaled(text: string, precision: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  const [, sign, whole = "0", fraction = ""] = match ?? [];
  if (!match || fraction.length > precision) {
    throw new RangeError(`not a decimal with at most ${precision} decimals: ${JSON.stringify(text)}`);
  }
  const value = BigInt(whole) * pow10(precision) + BigInt(fraction.padEnd(precision, "0") || "0");
  return sign ? -value : value;
}

/** Divides rounding half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const half = b / 2n;
  return a >= 0n ? (a + half) / b : -((-a + half) / b);
}

/** The change from `open` to `last` in percent with two decimals, signed: "1.25", "-0.40", "0.00". */
export function changePercent(open: bigint, last: bigint): string {
  if (open <= 0n) return "0.00";
  return formatScaled(divRound((last - open) * 10_000n, open), 2);
}

/**
 * Rescales a non-negative integer from `fromDigits` decimals to `toDigits`, truncating (an amount shown
 * to two decimals never rounds up past what was traded).
 */
export function rescale(value: bigint, fromDigits: number, toDigits: number): bigint {
  return fromDigits >= toDigits ? value / pow10(fromDigits - toDigits) : value * pow10(toDigits - fromDigits);
}

/**
 * The simulator's boundary from float to the exact world: rounds a positive float price to the nearest
 * scaled integer, never below one unit. Deterministic: the same float always gives the same integer.
 */
export function toScaledPrice(price: number, precision: number): bigint {
  const scaled = Math.round(price * 10 ** precision);
  return BigInt(Math.max(1, Number.isFinite(scaled) ? scaled : 1));
}

/** The exact scaled price as a float, for the simulator only. */
export function scaledToFloat(value: bigint, precision: number): number {
  return Number(value) / 10 ** precision;
}
