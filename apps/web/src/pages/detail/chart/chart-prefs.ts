import type { CandleInterval } from "@tickfair/contract";

export type ChartView = "line" | CandleInterval;
/** The tick line (分时), then the candle intervals (the contract's CANDLE_INTERVALS, kept zod-free here). */
export const CHART_VIEWS: readonly ChartView[] = ["line", "1m", "5m", "15m", "30m", "1h", "1d", "1w"];

export const CHART_STYLES = ["candles", "line"] as const;
/** How an interval's bars are drawn; the tick view is always a line. */
export type ChartStyle = (typeof CHART_STYLES)[number];

/** Price overlays first, then the indicators drawn in panes of their own under the price. */
export const INDICATORS = ["ma", "ema", "boll", "vol", "macd", "rsi"] as const;
export type Indicator = (typeof INDICATORS)[number];

export interface ChartPrefs {
  view: ChartView;
  style: ChartStyle;
  indicators: Indicator[];
}

/** localStorage key of the chart's choices on this device (every product shares them). */
export const CHART_PREFS_KEY = "tickfair-chart";

export const DEFAULT_CHART_PREFS: ChartPrefs = { view: "line", style: "candles", indicators: [] };

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** The stored choices, each one that is unreadable (another version, edited by hand) left at its default. */
export function readChartPrefs(storage: Pick<Storage, "getItem">): ChartPrefs {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(CHART_PREFS_KEY) ?? "null");
  } catch {
    stored = null;
  }
  if (typeof stored !== "object" || stored === null) return DEFAULT_CHART_PREFS;
  const { view, style, indicators } = stored as Record<string, unknown>;
  return {
    view: oneOf(CHART_VIEWS, view) ? view : DEFAULT_CHART_PREFS.view,
    style: oneOf(CHART_STYLES, style) ? style : DEFAULT_CHART_PREFS.style,
    indicators: Array.isArray(indicators) ? INDICATORS.filter((name) => indicators.includes(name)) : [],
  };
}

export function writeChartPrefs(storage: Pick<Storage, "setItem">, prefs: ChartPrefs): void {
  try {
    storage.setItem(CHART_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private browsing or a full store: the choices last for this visit only.
  }
}

/** Whether any indicator needs the indicators' code (loaded only then). */
export const needsIndicators = (prefs: Pick<ChartPrefs, "indicators">) => prefs.indicators.length > 0;
