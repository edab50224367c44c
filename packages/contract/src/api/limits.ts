import { z } from "zod";
import { isoTime } from "./common";

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
export const limitKind = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof limitKind>;

/** Kinds whose value is a count (positions, minutes); the others are amounts of money. */
export const COUNT_LIMIT_KINDS: readonly LimitKind[] = ["open_positions", "reminder_minutes"];
export const MAX_OPEN_POSITIONS_LIMIT = 1_000;
export const REMINDER_MINUTES_RANGE = { min: 5, max: 720 } as const;

/** Hours before a loosened or removed limit applies; a tighter one applies at once. */
export const LOOSEN_AFTER_HOURS = 24;

/** Breaks: a time-out of 1 day to 6 weeks, a self-exclusion of 6 months to 5 years. */
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;

/**
 * One limit as its user sees it: the value in force (null: none), a change waiting its 24 hours (its
 * value, null for removal, and when it applies), and how much of it the period has used.
 */
export const userLimit = z.object({
  kind: limitKind,
  /** Money ("500.00") for money kinds, a whole number ("3") for counts; null when not set. */
  value: z.string().nullable(),
  pending: z.object({ value: z.string().nullable(), appliesAt: isoTime }).nullable(),
  /** Used in the period so far (money kinds and open positions); null for the reminder. */
  used: z.string().nullable(),
});
export type UserLimit = z.infer<typeof userLimit>;

export const breakKind = z.enum(["time_out", "self_exclusion"]);
export type BreakKind = z.infer<typeof breakKind>;

export const activeBreak = z.object({ kind: breakKind, until: isoTime });
export type ActiveBreak = z.infer<typeof activeBreak>;

export const userLimits = z.object({
  limits: z.array(userLimit),
  /** A time-out or self-exclusion in force (trading, deposits and savings moves in are refused). */
  activeBreak: activeBreak.nullable(),
});
export type UserLimits = z.infer<typeof userLimits>;

export const limitKindParams = z.object({ kind: limitKind });

/** Sets a limit (a value of its kind) or removes it (null). */
export const setLimitRequest = z.object({
  value: z
    .string()
    .trim()
    .max(24, { message: "LIMIT_VALUE_INVALID" })
    .nullable()
    .describe('"500.00" for money, "3" for counts, null to remove'),
});
export type SetLimitRequest = z.infer<typeof setLimitRequest>;

/** A time-out (days) or a self-exclusion (months), confirmed with the sign-in password. */
export const takeBreakRequest = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("time_out"),
    days: z.number().int().min(TIME_OUT_DAYS.min).max(TIME_OUT_DAYS.max),
    password: z.string().min(1, { message: "REQUIRED" }).max(128),
  }),
  z.object({
    kind: z.literal("self_exclusion"),
    months: z.number().int().min(SELF_EXCLUSION_MONTHS.min).max(SELF_EXCLUSION_MONTHS.max),
    password: z.string().min(1, { message: "REQUIRED" }).max(128),
  }),
]);
export type TakeBreakRequest = z.infer<typeof takeBreakRequest>;

/** The reality check: what this session has traded so far. */
export const sessionActivity = z.object({
  startedAt: isoTime,
  contracts: z.number().int(),
  staked: z.string(),
  /** Paid back by settled contracts (stake and winnings). */
  returned: z.string(),
  /** Returned minus staked on settled contracts: negative is a loss. */
  net: z.string(),
  /** The reminder in force, in minutes (null: none). */
  reminderMinutes: z.number().int().nullable(),
});
export type SessionActivity = z.infer<typeof sessionActivity>;

/** One change of a user's limits, as the console's history shows it. */
export const limitChange = z.object({
  kind: z.union([limitKind, breakKind]),
  from: z.string().nullable(),
  to: z.string().nullable(),
  requestedAt: isoTime,
  appliesAt: isoTime,
  cancelledAt: isoTime.nullable(),
});
export type LimitChange = z.infer<typeof limitChange>;
