/** Exact decimal text ↔ scaled integers, for prices and amounts in a receipt. */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "67012.35" at 2 decimals → 6701235n; null when it is not a plain decimal within that many decimals. */
export function scaledOf(text: string, decimals: number): bigint | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > decimals) return null;
  const value = BigInt(whole + fraction.padEnd(decimals, "0"));
  return sign ? -value : value;
}

/** 6701235n at 2 decimals → "67012.35". */
export function formatScaled(value: bigint, decimals: number): string {
  const sign = value < 0n ? "-" : "";
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** How many decimals a decimal text has ("95000.10" → 2). */
export const decimalsOf = (text: string): number => DECIMAL.exec(text)?.[3]?.length ?? 0;

/** Money on the wire: at most 16 whole digits and 2 decimals; in minor units, or null. */
export function minorOf(text: string): bigint | null {
  return /^-?\d{1,16}(?:\.\d{1,2})?$/.test(text) ? scaledOf(text, 2) : null;
}
