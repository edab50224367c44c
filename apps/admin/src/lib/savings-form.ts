import type { SavingsMoveLimits, SavingsSettings } from "@tickfair/contract";
import {
  ANNUAL_RATE_PATTERN,
  addDays,
  annualRateToPpm,
  ppmToAnnualRate,
  SAVINGS_RATE_MAX_PERCENT,
  toMinor,
} from "@tickfair/contract";
import { isMoneyInput, normaliseMoney } from "./controls";

/**
 * The savings forms' rules, known before anything is sent so the operator is told at the field. The
 * server decides either way (RATE_INVALID, RATE_DATE_NOT_FUTURE, SAVINGS_LIMITS_INVALID); these mirror
 * the contract's schemas.
 */

/** An annual rate as an operator types it: percent, at most four decimals, within the allowed range. */
export function isRateInput(text: string): boolean {
  const trimmed = text.trim();
  return ANNUAL_RATE_PATTERN.test(trimmed) && annualRateToPpm(trimmed) <= SAVINGS_RATE_MAX_PERCENT * 10_000;
}

/** The rate as the API writes rates ("2.5" → "2.50", "02.3500" → "2.35"). */
export function normaliseRate(text: string): string {
  return ppmToAnnualRate(annualRateToPpm(text.trim()));
}

/** The first day a new rate may take effect: taking effect today would change income already promised. */
export function firstRateDay(today: string): string {
  return addDays(today, 1);
}

/** Whether `date` ("YYYY-MM-DD") is a day after `today`; the strings compare as the days do. */
export function isAfterToday(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date > today;
}

/** The daily cut-off, "HH:MM" in 24-hour time, as the contract's `cutOffTime` takes it. */
export const CUT_OFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MOVE_KINDS = ["moveIn", "moveOut"] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

/** Every setting the limits form changes, in the order the form and the confirmation show them. */
const LIMIT_FIELDS = [
  "cutOff",
  "moveIn.perDay",
  "moveIn.min",
  "moveIn.max",
  "moveOut.perDay",
  "moveOut.min",
  "moveOut.max",
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** The form's values: counts as numbers (an emptied field is null), amounts as typed. */
export interface LimitsValues {
  cutOff: string;
  moveIn: { perDay: number | null; min: string; max: string };
  moveOut: { perDay: number | null; min: string; max: string };
}

export function limitsFormValues(settings: SavingsSettings): LimitsValues {
  return { cutOff: settings.cutOff, moveIn: { ...settings.moveIn }, moveOut: { ...settings.moveOut } };
}

/** The settings the form's values come to, amounts with two decimals as the API writes them. */
export function limitsSettings(values: LimitsValues): SavingsSettings {
  const limits = (kind: LimitsValues[MoveKind]): SavingsMoveLimits => ({
    perDay: kind.perDay ?? 0,
    min: normaliseMoney(kind.min),
    max: normaliseMoney(kind.max),
  });
  return { cutOff: values.cutOff, moveIn: limits(values.moveIn), moveOut: limits(values.moveOut) };
}

/** One setting's value as the API holds it: "15:00", a count, or an amount. */
export function limitValue(settings: SavingsSettings, field: LimitField): string | number {
  if (field === "cutOff") return settings.cutOff;
  const [kind, part] = field.split(".") as [MoveKind, keyof SavingsMoveLimits];
  return settings[kind][part];
}

/** The settings that differ between `current` and `next` (amounts compared as amounts). */
export function limitChanges(current: SavingsSettings, next: SavingsSettings): LimitField[] {
  return LIMIT_FIELDS.filter((field) => {
    const before = limitValue(current, field);
    const after = limitValue(next, field);
    return typeof before === "string" && typeof after === "string" && field !== "cutOff"
      ? toMinor(before) !== toMinor(after)
      : before !== after;
  });
}

/** A minimum or maximum amount as typed: above zero, at most two decimals. */
export function isLimitAmountInput(text: string | undefined): text is string {
  return text !== undefined && isMoneyInput(text, { positive: true });
}

/** Whether a kind's minimum is not above its maximum (both typed validly; otherwise their own rule says so). */
export function minNotAboveMax(min: string | undefined, max: string | undefined): boolean {
  if (!isLimitAmountInput(min) || !isLimitAmountInput(max)) return true;
  return toMinor(normaliseMoney(min)) <= toMinor(normaliseMoney(max));
}
