/**
 * The reference price of a real-market tick: the median of decimal prices, computed exactly. Prices are
 * brought to one common scale (the most decimals among them) so nothing is rounded before the median;
 * the result is rounded once, half up, to the product's precision. With an even count the median is
 * the mean of the middle two.
 */
export function medianPrice(prices: readonly string[], precision: number): bigint {
  if (prices.length === 0) throw new RangeError("the median of no prices");
  const scale = Math.max(precision, ...prices.map(decimals));
  const values = prices.map((price) => toScale(price, scale)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(values.length / 2);
  const upper = values[middle] ?? 0n;
  // Twice the median at `scale`: exact for both odd and even counts.
  const twice = values.length % 2 === 1 ? 2n * upper : (values[middle - 1] ?? 0n) + upper;
  const divisor = 2n * 10n ** BigInt(scale - precision);
  return (twice + divisor / 2n) / divisor;
}

/** Prices as integers at one common scale: the most decimals among them. */
export function atCommonScale(prices: readonly string[]): { values: bigint[]; scale: number } {
  const scale = Math.max(0, ...prices.map(decimals));
  return { values: prices.map((price) => toScale(price, scale)), scale };
}

function decimals(price: string): number {
  const point = price.indexOf(".");
  return point < 0 ? 0 : price.length - point - 1;
}

/** A plain positive decimal at `scale` decimals (scale ≥ its own decimals), as an integer. */
function toScale(price: string, scale: number): bigint {
  if (!/^\d+(\.\d+)?$/.test(price)) throw new RangeError(`not a decimal: ${JSON.stringify(price)}`);
  const [whole = "0", fraction = ""] = price.split(".");
  return BigInt(whole + fraction.padEnd(scale, "0"));
}

/** A quantity at `precision` decimals, truncated (a volume never rounds up past what traded). */
export function truncatedQuantity(quantity: string, precision: number): bigint {
  const [whole = "0", fraction = ""] = quantity.split(".");
  return BigInt(whole + fraction.slice(0, precision).padEnd(precision, "0"));
}
