import type { CandleInterval } from "@tickfair/contract";
import type { IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import type { ChartStyle } from "./chart/chart-prefs";
import type { ChartBar, DrawnIndicators } from "./chart/indicator-series";

/**
 * Bar lengths for the live bar. Days and weeks follow the platform's clock on the server; here the next
 * one starts a whole length after the last served one, so across a summer-time change the live bar is
 * an hour off until the chart reloads.
 */
export const INTERVAL_SECONDS: Record<CandleInterval, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "1d": 86_400,
  "1w": 604_800,
};

export const BASE_HEIGHT = 240;
export const SUB_PANE_HEIGHT = 80;

/** The chart's time axis shows UTC: shift instants by the browser's offset so it reads local time. */
export const toChartTime = (utcSeconds: number) =>
  (utcSeconds - new Date(utcSeconds * 1000).getTimezoneOffset() * 60) as UTCTimestamp;
export const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * The live price as a dotted level across the chart, without a tag on the price axis: the tag covered
 * the axis label beside it, and the price itself is written large above the chart.
 */
export const LIVE_PRICE = { priceLineVisible: true, priceLineWidth: 1, lastValueVisible: false } as const;

/** A bar at its UTC start (seconds); drawn at its chart time. */
export interface Bar extends Omit<ChartBar, "time"> {
  start: number;
}

type Lib = typeof import("lightweight-charts");

export interface Built {
  lib: Lib;
  chart: IChartApi;
  series: ISeriesApi<"Line"> | ISeriesApi<"Candlestick">;
  /** Seconds between bars: 1 on the tick line. */
  step: number;
  bars: Bar[];
  indicators: DrawnIndicators | null;
}

export const chartBars = (bars: readonly Bar[]): ChartBar[] =>
  bars.map(({ start, ...bar }) => ({ ...bar, time: toChartTime(start) }));

export function drawBars(built: Built, style: ChartStyle) {
  const data = chartBars(built.bars);
  if (style === "line")
    (built.series as ISeriesApi<"Line">).setData(data.map((b) => ({ time: b.time, value: b.close })));
  else (built.series as ISeriesApi<"Candlestick">).setData(data);
}

/** A rise's and a fall's colours as the page shows them (they follow the language: riseColourOf, styles/global.css). */
export function marketColours(): { rise: string; fall: string } {
  const style = getComputedStyle(document.documentElement);
  return {
    rise: style.getPropertyValue("--tf-rise").trim() || "#0a7d46",
    fall: style.getPropertyValue("--tf-fall").trim() || "#cc2f36",
  };
}
