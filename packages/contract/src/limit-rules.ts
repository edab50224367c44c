/**
 * Responsible trading's plain rules (ARCHITECTURE §5): what can be limited, in which ranges, and when a
 * break ends. Apart from the zod schemas of api/limits.ts, so the app's pages import them without zod.
 */

/** The periods a money limit counts over: the platform's day, and the last 7 and 30 of its days. */
export const LIMIT_PERIODS = ["day", "7d", "30d"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * What a user can limit (ARCHITECTURE §5 "Responsible trading"): deposits, stakes and net losses per
 * period (money), open positions (a count), a reminder after so many minutes of a session, and a pause
 * after so many losses in a row (lossStreakPause).
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
  "loss_streak",
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Kinds whose value is a count (positions, minutes); the others are amounts of money. */
export const COUNT_LIMIT_KINDS: readonly LimitKind[] = ["open_positions", "reminder_minutes", "loss_streak"];
export const MAX_OPEN_POSITIONS_LIMIT = 1_000;
/** The largest money limit: far above any stake or deposit. */
export const MAX_MONEY_LIMIT = "10000000000.00";
export const REMINDER_MINUTES_RANGE = { min: 5, max: 720 } as const;
/** Losses in a row before a pause: one loss is no streak, and past 20 the pause would never come. */
export const LOSS_STREAK_RANGE = { min: 2, max: 20 } as const;
/** What the limits page suggests for a loss streak. */
export const LOSS_STREAK_SUGGESTED = 3;

/** Whether a kind's value is a count rather than an amount of money. */
export const isCountKind = (kind: LimitKind) => COUNT_LIMIT_KINDS.includes(kind);

/** The whole numbers a count limit takes (money limits take any amount above zero, up to the largest). */
export function countLimitRange(kind: LimitKind): { min: number; max: number } {
  if (kind === "open_positions") return { min: 1, max: MAX_OPEN_POSITIONS_LIMIT };
  return kind === "loss_streak" ? LOSS_STREAK_RANGE : REMINDER_MINUTES_RANGE;
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

/** How recent every loss of a streak must be: losses in a row within the last hour. */
export const LOSS_STREAK_WINDOW_MS = 3_600_000;
/** The pause before a user may go on after a loss streak, counted from the streak's last loss. */
export const LOSS_STREAK_PAUSE_MS = 60_000;

/** A settled or void contract as the streak reads it: how it ended and when. */
export interface ClosedContract {
  result: "win" | "lose" | "draw" | "void";
  settledAt: Date;
}

/**
 * The pause a loss streak calls for at `now`, or null: `closed` are the user's closed contracts, most
 * recent first. The `streak` latest are all losses (a win, draw or void among them breaks it), all
 * settled within the last hour and after the user last acknowledged a streak (`acknowledgedAt`).
 * The pause runs LOSS_STREAK_PAUSE_MS from the last loss, so going on needs no stored refusal.
 */
export function lossStreakPause(
  closed: readonly ClosedContract[],
  streak: number,
  acknowledgedAt: Date | null,
  now: Date,
): { lastLossAt: Date; continueAt: Date } | null {
  const from = now.getTime() - LOSS_STREAK_WINDOW_MS;
  const latest = closed.slice(0, streak);
  if (streak < 1 || latest.length < streak) return null;
  const counts = (contract: ClosedContract) =>
    contract.result === "lose" &&
    contract.settledAt.getTime() >= from &&
    (acknowledgedAt === null || contract.settledAt > acknowledgedAt);
  if (!latest.every(counts)) return null;
  const lastLossAt = latest[0]?.settledAt ?? now;
  return { lastLossAt, continueAt: new Date(lastLossAt.getTime() + LOSS_STREAK_PAUSE_MS) };
}
