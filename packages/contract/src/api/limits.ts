import { z } from "zod";
import { LIMIT_KINDS, SELF_EXCLUSION_MONTHS, TIME_OUT_DAYS } from "../limit-rules";
import { filteredPageQuery, isoTime, pageOf } from "./common";

export const limitKind = z.enum(LIMIT_KINDS);

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

/**
 * What LOSS_STREAK_PAUSE carries in its error's `details`: the streak, when the user may go on, and
 * the trading of the streak's hour counted as the reality check counts a session's.
 */
export const lossStreakPauseDetails = z.object({
  lossesInRow: z.number().int(),
  lastLossAt: isoTime,
  continueAt: isoTime,
  /** The start of the hour the figures cover. */
  since: isoTime,
  contracts: z.number().int(),
  staked: z.string(),
  returned: z.string(),
  net: z.string(),
});
export type LossStreakPauseDetails = z.infer<typeof lossStreakPauseDetails>;

/** The answer to going on after a loss streak: losses from then on start a new streak. */
export const lossStreakAcknowledged = z.object({ acknowledgedAt: isoTime });

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

/**
 * A change in the console's history of a user's limits: its id (the page's cursor) and, for a time-out
 * or self-exclusion, when the break was set to end (from and to are null for a break).
 */
export const limitHistoryEntry = limitChange.extend({
  id: z.string(),
  breakUntil: isoTime.nullable(),
});
export type LimitHistoryEntry = z.infer<typeof limitHistoryEntry>;

/** A page of the user's limit history, newest first: `?cursor=&limit=`. */
export const operatorUserLimitsQuery = filteredPageQuery({});

/**
 * A user's limits as the console shows them, read-only: every limit as the user sees it (with what
 * the period used and a loosening still waiting), the break in force, and the history of changes
 * asked for, cancelled ones included. Operators can read limits, never loosen or lift them.
 */
export const operatorUserLimits = z.object({
  limits: z.array(userLimit),
  activeBreak: activeBreak.nullable(),
  history: pageOf(limitHistoryEntry),
});
export type OperatorUserLimits = z.infer<typeof operatorUserLimits>;

/** The platform's use of responsible trading, as the console's dashboard shows it. */
export const limitFigures = z.object({
  /** Users with at least one limit in force. */
  usersWithLimits: z.number().int(),
  /** Per kind, in LIMIT_KINDS' order, the users with that limit in force. */
  byKind: z.array(z.object({ kind: limitKind, users: z.number().int() })),
  /** Loosenings and removals waiting their 24 hours. */
  looseningsWaiting: z.number().int(),
  timeOutsInForce: z.number().int(),
  selfExclusionsInForce: z.number().int(),
  computedAt: isoTime,
});
export type LimitFigures = z.infer<typeof limitFigures>;
