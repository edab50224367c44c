import { z } from "zod";
import { calendarDate } from "./savings";

/** The risk warning's figure counts the platform days before the day it was computed on, this many. */
export const RISK_FIGURE_PERIOD_DAYS = 90;

/**
 * The share of the platform's users who lost money on contracts (ARCHITECTURE §5 "Responsible
 * trading"): of the users with a contract settled in the period, those whose settled contracts paid back
 * less than they staked in sum. Stored once per platform day; the dates are of the platform's calendar.
 */
export const riskFigure = z.object({
  /** usersWithLoss / users, from 0 to 1, unrounded: the app rounds it for the reader's locale. */
  lostShare: z.number().min(0).max(1),
  usersWithLoss: z.number().int().min(0),
  users: z.number().int().min(1),
  /** The platform day the figure was computed on; the period ends the day before it. */
  computedOn: calendarDate,
  /** The first and the last day of the period counted. */
  periodFrom: calendarDate,
  periodTo: calendarDate,
  periodDays: z.literal(RISK_FIGURE_PERIOD_DAYS),
});
export type RiskFigure = z.infer<typeof riskFigure>;

/** GET /api/v1/risk-warning. No figure while too few users traded: the app shows its configured text. */
export const riskWarningResponse = z.object({ figure: riskFigure.nullable() });
export type RiskWarningResponse = z.infer<typeof riskWarningResponse>;
