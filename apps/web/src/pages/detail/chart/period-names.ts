import type { ChartView } from "./chart-prefs";

type Interval = Exclude<ChartView, "line">;

const LENGTHS: Record<Interval, [number, "minute" | "hour" | "day" | "week"]> = {
  "1m": [1, "minute"],
  "5m": [5, "minute"],
  "15m": [15, "minute"],
  "30m": [30, "minute"],
  "1h": [1, "hour"],
  "1d": [1, "day"],
  "1w": [1, "week"],
};

/**
 * A period's name as a screen reader says it ("5 minutes", "5分钟"): the chips show the traders'
 * short forms ("5m", "1W"), which a voice reads letter by letter. The tick line's chip is a word already.
 */
export function spokenPeriod(view: ChartView, locale: string): string | undefined {
  if (view === "line") return undefined;
  const [count, unit] = LENGTHS[view];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
}

/**
 * An accessible name that starts with what the chip shows ("5m (5 minutes)"): the name a voice user
 * says must contain the visible label (WCAG 2.5.3), and the words say what the short form means.
 */
export function nameWithLabel(label: string, words: string | undefined): string | undefined {
  if (!words || words === label) return undefined;
  return `${label} (${words})`;
}
