/**
 * Money is integer minor units (bigint) everywhere on the server and a decimal string on the wire.
 * This module is the only place that converts between the two or formats for people.
 */
export const MINOR_UNITS = 2;
const SCALE = 10n ** BigInt(MINOR_UNITS);

export const DECIMAL = /^(-)?(\d{1,16})(?:\.(\d{1,2}))?$/;

export function isMoneyString(text: string): boolean {
  return DECIMAL.test(text);
}

/** "1234.5" → 123450n. Throws on anything that is not a plain decimal with at most two decimals. */
export function toMinor(text: string): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a money amount: ${JSON.stringify(text)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const minor = BigInt(whole) * SCALE + BigInt(fraction.padEnd(MINOR_UNITS, "0") || "0");
  return sign ? -minor : minor;
}

/** 123450n → "1234.50" (always two decimals, no grouping). */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(MINOR_UNITS, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** a < b for two wire amounts, exactly. */
export function lessThanMoney(a: string, b: string): boolean {
  return toMinor(a) < toMinor(b);
}

/** The larger of two wire amounts, compared in minor units; `a` as given when they are equal. */
export function maxMoney(a: string, b: string): string {
  return lessThanMoney(a, b) ? b : a;
}

/**
 * Formats a wire amount for a person in their locale ("1,234.50", "1.234,50", "1 234,50").
 * Intl formats the decimal string exactly, so no binary float ever touches the amount.
 */
export function formatMoney(
  amount: string | bigint,
  locale: string,
  options: { signed?: boolean } = {},
): string {
  const text = typeof amount === "bigint" ? fromMinor(amount) : fromMinor(toMinor(amount));
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: MINOR_UNITS,
    maximumFractionDigits: MINOR_UNITS,
    signDisplay: options.signed ? "exceptZero" : "auto",
  });
  // Intl.NumberFormat accepts exact decimal strings (ES2023); the cast keeps older lib typings happy.
  return format.format(text as unknown as number);
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

const BASIS_POINTS = 10_000n;

function assertRateBps(rateBps: number): bigint {
  if (!Number.isInteger(rateBps) || rateBps < 0)
    throw new RangeError("a rate is a whole number of basis points");
  return BigInt(rateBps);
}

/** What a winning stake pays: the verify package's rule, the one a receipt is checked with. */
export { winPayout } from "@tickfair/verify";

/** A withdrawal's fee: a fixed part plus `rateBps` of the amount, rounded down. */
export function withdrawalFee(amount: bigint, feeFixed: bigint, rateBps: number): bigint {
  return feeFixed + (amount * assertRateBps(rateBps)) / BASIS_POINTS;
}
