/**
 * Responsible trading's plain rules (ARCHITECTURE §5): what can be limited, in which ranges, and when a
 * break ends. Apart from the zod schemas of api/limits.ts, so the app's pages import them without zod.
 */

/** The periods a money limit counts over: the platform's day, and the last 7 and 30 of its days. */
export const LIMIT_PERIODS = ["day", "7d", "30d"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * What a user can limit (ARCHITECTURE §5 "Responsible trading"): deposits, stakes and net losses per
 * period (money), open positions (a count), and a reminder after so many minutes of a session.
 */
export const LIMIT_KINDS = [
  "deposit_day",
  "deposit_7d",
  "deposit_30d",
  "stake_day",
  "stake_7d",
  "stake_30d",
  "loss_day",
  "loss_7d",
  "loss_30d",
  "open_positions",
  "reminder_minutes",
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Kinds whose value is a count (positions, minutes); the others are amounts of money. */
export const COUNT_LIMIT_KINDS: readonly LimitKind[] = ["open_positions", "reminder_minutes"];
export const MAX_OPEN_POSITIONS_LIMIT = 1_000;
/** The largest money limit: far above any stake or deposit. */
export const MAX_MONEY_LIMIT = "10000000000.00";
export const REMINDER_MINUTES_RANGE = { min: 5, max: 720 } as const;

/** Whether a kind's value is a count rather than an amount of money. */
export const isCountKind = (kind: LimitKind) => COUNT_LIMIT_KINDS.includes(kind);

/** The whole numbers a count limit takes (money limits take any amount above zero, up to the largest). */
export function countLimitRange(kind: LimitKind): { min: number; max: number } {
  return kind === "open_positions" ? { min: 1, max: MAX_OPEN_POSITIONS_LIMIT } : REMINDER_MINUTES_RANGE;
}

/** Hours before a loosened or removed limit applies; a tighter one applies at once. */
export const LOOSEN_AFTER_HOURS = 24;

/** Breaks: a time-out of 1 day to 6 weeks, a self-exclusion of 6 months to 5 years. */
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;

/** The length of a break: days of a time-out or months of a self-exclusion. */
export type BreakLength = { kind: "time_out"; days: number } | { kind: "self_exclusion"; months: number };

/**
 * When a break taken at `now` ends: days of 24 hours, months by the calendar (UTC). The server stores
 * it; the app shows the same date before the user confirms.
 */
export function breakEndsAt(length: BreakLength, now: Date): Date {
  if (length.kind === "time_out") return new Date(now.getTime() + length.days * 86_400_000);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}
