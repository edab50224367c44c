import { formatClock as formatClockOf } from "@tickfair/contract";
import { formatPrice } from "./market-format";

/** A payout rate in basis points as a percentage in the locale ("80%", "80 %", "%80"). */
export function formatRate(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** A served price with exactly the decimals the server sent (the product's precision). */
export function formatTickPrice(price: string, locale: string): string {
  return formatPrice(price, price.split(".")[1]?.length ?? 0, locale);
}

/** Time left, rounded up to the second: "00:29", "04:59", "1:00:00". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(total / 3600);
  const clock = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}

/** A 64-digit hash, short enough for a phone and still recognisable: "3f9a1c0b…77e2d410". */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

/** The time of day to the second ("14:05:09"), for ticks of one contract. */
export function formatClock(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatClockOf(at, locale, { seconds: true });
}
