import { z } from "zod";
import { moneyString, positiveMoneyString } from "../money-schema";
import {
  ANNUAL_RATE_PATTERN,
  annualRateToPpm,
  isCalendarDate,
  SAVINGS_RATE_MAX_PERCENT,
} from "../savings-math";
import { filteredPageQuery, isoTime, listOf, operatorReason, pageOf } from "./common";

/** A day of the platform's calendar (its time zone), "YYYY-MM-DD". */
export const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: "VALIDATION_FAILED" })
  .describe("Date of the platform's calendar, YYYY-MM-DD");

/** An annual rate in percent, at most four decimals, e.g. "2.35". */
export const annualRate = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "RATE_INVALID") })
  .regex(ANNUAL_RATE_PATTERN, { message: "RATE_INVALID" })
  .refine(
    (rate) => ANNUAL_RATE_PATTERN.test(rate) && annualRateToPpm(rate) <= SAVINGS_RATE_MAX_PERCENT * 10_000,
    { message: "RATE_INVALID" },
  )
  .describe('Annual rate in percent, e.g. "2.35"');

/** The daily cut-off for confirmation next day, "HH:MM" in the platform's time zone. */
export const cutOffTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "VALIDATION_FAILED" })
  .describe("HH:MM, platform time");

/** Moves in (or out) a day and the amounts each may have. */
export const savingsMoveLimits = z.object({
  perDay: z.number().int().min(0).max(100),
  min: positiveMoneyString,
  max: positiveMoneyString,
});
export type SavingsMoveLimits = z.infer<typeof savingsMoveLimits>;

/** What an operator configures: the cut-off and the limits on moves in and out. */
export const savingsSettings = z.object({
  cutOff: cutOffTime,
  moveIn: savingsMoveLimits,
  moveOut: savingsMoveLimits,
});
export type SavingsSettings = z.infer<typeof savingsSettings>;

/** A rate and the first day it applies to. */
export const savingsRate = z.object({ annualRate, effectiveFrom: calendarDate });
export type SavingsRate = z.infer<typeof savingsRate>;

/** Today's count of one kind of move: how many were made, the daily limit, how many are left. */
export const savingsMovesToday = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
});

/** Shares moved in and not yet confirmed: they earn from `confirmsOn`, first credited the day after. */
export const savingsLot = z.object({ amount: moneyString, movedInAt: isoTime, confirmsOn: calendarDate });
export type SavingsLot = z.infer<typeof savingsLot>;

/** The saver's Yu'ebao as the page shows it. */
export const savingsSummary = z.object({
  today: calendarDate,
  total: moneyString,
  confirmed: moneyString,
  pending: moneyString,
  /** Pending lots, soonest confirmation first. */
  pendingLots: z.array(savingsLot),
  /** Income for the day before today (credited today). */
  yesterdayIncome: moneyString,
  totalIncome: moneyString,
  /** The user's available balance: what "All" moves in. */
  available: moneyString,
  /** Today's rate, income per 10,000 shares and 7-day annualised yield (percent). */
  annualRate,
  incomePerTenThousand: moneyString,
  sevenDayYield: z.string(),
  /** A rate set for a later day, if any. */
  upcomingRate: savingsRate.nullable(),
  movesIn: savingsMovesToday,
  movesOut: savingsMovesToday,
  moveIn: savingsMoveLimits.omit({ perDay: true }),
  moveOut: savingsMoveLimits.omit({ perDay: true }),
  /** What a move in made now gets: the day it confirms and the day its first income is credited. */
  moveInNow: z.object({ confirmsOn: calendarDate, firstIncomeOn: calendarDate }),
});
export type SavingsSummary = z.infer<typeof savingsSummary>;

/** One day of the last 30: the saver's income and the fund's income per 10,000 shares and yield. */
export const savingsDay = z.object({
  date: calendarDate,
  income: moneyString,
  incomePerTenThousand: moneyString,
  sevenDayYield: z.string(),
});
export type SavingsDay = z.infer<typeof savingsDay>;
export const savingsHistory = listOf(savingsDay);
export type SavingsHistory = z.infer<typeof savingsHistory>;

/** The rules page's figures, from the live configuration. */
export const savingsRules = z.object({
  today: calendarDate,
  timeZone: z.string(),
  settings: savingsSettings,
  rate: savingsRate,
  incomePerTenThousand: moneyString,
  sevenDayYield: z.string(),
  upcomingRate: savingsRate.nullable(),
});
export type SavingsRules = z.infer<typeof savingsRules>;

export const savingsMoveRequest = z.object({ amount: positiveMoneyString });
export type SavingsMoveRequest = z.infer<typeof savingsMoveRequest>;

export const SAVINGS_RECORD_TYPES = ["in", "out", "income", "confirmation"] as const;
export const savingsRecordType = z.enum(SAVINGS_RECORD_TYPES);
export type SavingsRecordType = z.infer<typeof savingsRecordType>;

/**
 * One movement of the saver's shares: a move in (with the day it confirms), a move out, a day's income
 * (with the day it was earned for) or a confirmation.
 */
export const savingsRecord = z.object({
  id: z.string(),
  type: savingsRecordType,
  amount: moneyString,
  at: isoTime,
  /** Income: the day it was earned for. */
  incomeDate: calendarDate.nullable(),
  /** Move in: the day it confirms. */
  confirmsOn: calendarDate.nullable(),
});
export type SavingsRecord = z.infer<typeof savingsRecord>;
export const savingsRecordQuery = filteredPageQuery({ type: savingsRecordType.optional() });
export type SavingsRecordQuery = z.infer<typeof savingsRecordQuery>;
export const savingsRecordPage = pageOf(savingsRecord);
export type SavingsRecordPage = z.infer<typeof savingsRecordPage>;

/** A move's answer: its record and the saver's Yu'ebao after it. */
export const savingsMoveResponse = z.object({ record: savingsRecord, summary: savingsSummary });
export type SavingsMoveResponse = z.infer<typeof savingsMoveResponse>;

// ── Console ─────────────────────────────────────────────────────────────────────────────────────

/** A day's accrual across all savers. */
export const savingsIncomeDay = z.object({
  date: calendarDate,
  income: moneyString,
  savers: z.number().int(),
  incomePerTenThousand: moneyString,
});
export type SavingsIncomeDay = z.infer<typeof savingsIncomeDay>;

export const savingsRateEntry = savingsRate.extend({
  setBy: z.string().nullable(),
  setAt: isoTime,
});
export type SavingsRateEntry = z.infer<typeof savingsRateEntry>;

/** The console's savings overview. */
export const savingsOverview = z.object({
  today: calendarDate,
  timeZone: z.string(),
  totalShares: moneyString,
  confirmed: moneyString,
  pending: moneyString,
  savers: z.number().int(),
  /** The day every saver's income has been paid through (the accrual job's progress), or null. */
  accruedThrough: calendarDate.nullable(),
  /** Savers whose income for a past day is still to be paid. */
  saversBehind: z.number().int(),
  incomeByDay: z.array(savingsIncomeDay),
  rate: savingsRate,
  upcomingRate: savingsRate.nullable(),
  /** Newest effective date first. */
  rates: z.array(savingsRateEntry),
  settings: savingsSettings,
});
export type SavingsOverview = z.infer<typeof savingsOverview>;

/** A rate for a future day: taking effect today or earlier would change income already promised. */
export const savingsRateChange = savingsRate.extend({ reason: operatorReason });
export type SavingsRateChange = z.infer<typeof savingsRateChange>;

export const savingsSettingsChange = savingsSettings.extend({ reason: operatorReason });
export type SavingsSettingsChange = z.infer<typeof savingsSettingsChange>;
