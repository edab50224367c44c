import type { ProductStatus } from "@tickfair/contract";
import type { TradingSchedule } from "./catalogue";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The FX week in UTC minutes from Sunday 00:00: open Sunday 22:00, closed from Friday 22:00. */
const FX_OPENS = 22 * 60;
const FX_CLOSES = 5 * 24 * 60 + 22 * 60;

/** Midnight UTC of the Sunday starting `at`'s week. */
function weekStart(at: Date): number {
  const midnight = Math.floor(at.getTime() / DAY) * DAY;
  return midnight - at.getUTCDay() * DAY;
}

export function isWithinTradingHours(schedule: TradingSchedule, at: Date): boolean {
  if (schedule === "always") return true;
  const minute = (at.getTime() - weekStart(at)) / MINUTE;
  return minute >= FX_OPENS && minute < FX_CLOSES;
}

/** The first moment at or after `at` inside trading hours. (Public holidays are not modelled.) */
export function nextOpening(schedule: TradingSchedule, at: Date): Date {
  if (isWithinTradingHours(schedule, at)) return at;
  const start = weekStart(at);
  const thisWeek = start + FX_OPENS * MINUTE;
  return new Date(at.getTime() < thisWeek ? thisWeek : thisWeek + 7 * DAY);
}

export interface StoredStatus {
  schedule: TradingSchedule;
  status: "open" | "maintenance";
  reopensAt: Date | null;
}

/**
 * What a product is at `now`. Maintenance ends by itself at its reopening time (or lasts until an
 * operator reopens the product when it has none); outside trading hours a product is closed until the
 * next opening. A reopening time that falls outside trading hours moves to the next opening.
 */
export function effectiveStatus(
  product: StoredStatus,
  now: Date,
): { status: ProductStatus; reopensAt: Date | null } {
  if (product.status === "maintenance" && (product.reopensAt === null || product.reopensAt > now)) {
    return {
      status: "maintenance",
      reopensAt: product.reopensAt && nextOpening(product.schedule, product.reopensAt),
    };
  }
  if (!isWithinTradingHours(product.schedule, now)) {
    return { status: "closed", reopensAt: nextOpening(product.schedule, now) };
  }
  return { status: "open", reopensAt: null };
}
