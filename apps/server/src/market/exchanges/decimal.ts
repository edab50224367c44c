/** A positive plain decimal as exchanges send prices and sizes: digits, optionally one point and digits. */
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;

export function isPositiveDecimal(text: unknown): text is string {
  return typeof text === "string" && DECIMAL.test(text) && /[1-9]/.test(text);
}

/** Milliseconds since the epoch as a number or numeric text → a Date; null when it is not one. */
export function epochMillis(value: unknown): Date | null {
  const ms = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof ms !== "number" || !Number.isSafeInteger(ms) || ms <= 0) return null;
  const time = new Date(ms);
  return Number.isFinite(time.getTime()) ? time : null;
}

/** Trade ids arrive as JSON numbers (Binance) or text (OKX); both are kept as text. */
export function tradeIdText(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^[\w-]{1,64}$/.test(value)) return value;
  return null;
}

export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
