import {
  type ContractDirection,
  type DurationValue,
  type ExpectedValue,
  formatMoney,
} from "@tickfair/contract";

/**
 * A probability in the locale's percent style with two decimals ("49.95%", "49,95 %"); one too small to
 * show that way reads as under 0.01 % rather than as a misleading 0.
 */
export function formatChance(p: number, locale: string): string {
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return p > 0 && p < 0.00005 ? `< ${percent.format(0.0001)}` : percent.format(p);
}

/** What 100 staked returns ("92.50"), with the locale's separators: "92.50", "92,50". */
export const formatPer100 = (per100: string, locale: string): string => formatMoney(per100, locale);

/** The fair figure of one duration and direction, or none where no model describes the product. */
export type FairFigure = { per100: string; win: number; draw: number } | null;

export function fairFigure(value: DurationValue, direction: ContractDirection): FairFigure {
  return value.fair ? value.fair[direction] : null;
}

/** The realized figure as the app states it: the figure with its sample, or too few contracts yet. */
export type RealizedFigure =
  | { kind: "figure"; per100: string; contracts: number }
  | { kind: "tooFew"; contracts: number; min: number };

export function realizedFigure(value: DurationValue, minContracts: number): RealizedFigure {
  return value.realized.per100 === null
    ? { kind: "tooFew", contracts: value.realized.contracts, min: minContracts }
    : { kind: "figure", per100: value.realized.per100, contracts: value.realized.contracts };
}

/** The figures of one duration, if the product offers it. */
export function durationValue(value: ExpectedValue | undefined, seconds: number): DurationValue | undefined {
  return value?.durations.find((d) => d.seconds === seconds);
}

/** An instant to the minute in the locale ("Nov 28, 2026, 4:05 PM"). */
export function formatSince(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(at);
}
