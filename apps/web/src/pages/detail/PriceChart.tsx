import type { CandleInterval, Tick } from "@tickfair/contract";
import type { IChartApi, ISeriesApi, UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchCandles, fetchTicks } from "../../api/trading";
import { CHART_GRID_COLOR, chartLayout } from "../../lib/chart-look";
import { chartTickLabel } from "./chart-format";

export type ChartView = "line" | CandleInterval;
/** The tick line, then the candle intervals (the contract's CANDLE_INTERVALS, kept zod-free here). */
export const CHART_VIEWS: readonly ChartView[] = ["line", "1m", "5m", "15m", "1h", "1d"];

const INTERVAL_SECONDS: Record<CandleInterval, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "1h": 3600,
  "1d": 86_400,
};

/** The chart's time axis shows UTC: shift instants by the browser's offset so it reads local time. */
const toChartTime = (utcSeconds: number) =>
  (utcSeconds - new Date(utcSeconds * 1000).getTimezoneOffset() * 60) as UTCTimestamp;
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * The live price as a dotted level across the chart, without a tag on the price axis: the tag covered
 * the axis label beside it, and the price itself is written large above the chart.
 */
const LIVE_PRICE = { priceLineVisible: true, priceLineWidth: 1, lastValueVisible: false } as const;

interface Bar {
  /** UTC seconds of the bucket start. */
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface Live {
  view: ChartView;
  series: ISeriesApi<"Line"> | ISeriesApi<"Candlestick">;
  lastTime: number;
  bar: Bar | null;
}

/**
 * Recent ticks as a line, or candles of an interval; the latest tick is appended as it arrives.
 * lightweight-charts is imported here only, when the chart first mounts (a chunk of its own).
 */
export function PriceChart({
  symbol,
  precision,
  view,
  tick,
}: {
  symbol: string;
  precision: number;
  view: ChartView;
  tick: Tick | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let chart: IChartApi | null = null;
    const controller = new AbortController();
    setStatus("loading");
    void attempt;
    (async () => {
      try {
        const [lib, data] = await Promise.all([
          import("lightweight-charts"),
          view === "line"
            ? fetchTicks(symbol, 300, controller.signal)
            : fetchCandles(symbol, view, 300, controller.signal),
        ]);
        const container = box.current;
        if (cancelled || !container) return;
        chart = lib.createChart(container, {
          autoSize: true,
          layout: chartLayout(11),
          grid: { vertLines: { color: CHART_GRID_COLOR }, horzLines: { color: CHART_GRID_COLOR } },
          // Labels cut at the top or bottom edge are left out rather than shown in half.
          rightPriceScale: { borderVisible: false, entireTextOnly: true },
          // Fixed edges make the library pull the first and last time labels inside the chart.
          timeScale: {
            borderVisible: false,
            timeVisible: true,
            secondsVisible: view === "line",
            fixLeftEdge: true,
            fixRightEdge: true,
            tickMarkFormatter: (time: number, type: number) => chartTickLabel(time, type, locale),
          },
          // The axis speaks the app's language: its digit grouping and decimal sign.
          localization: {
            locale,
            priceFormatter: new Intl.NumberFormat(locale, {
              minimumFractionDigits: precision,
              maximumFractionDigits: precision,
            }).format,
          },
          handleScale: false,
        });
        if ("items" in data && view === "line") {
          const series = chart.addSeries(lib.LineSeries, {
            color: "#3a6cf4",
            lineWidth: 2,
            ...LIVE_PRICE,
          });
          const bySecond = new Map<number, number>();
          for (const item of (data as { items: Tick[] }).items)
            bySecond.set(seconds(item.time), Number(item.price));
          const points = [...bySecond].sort((a, b) => a[0] - b[0]);
          series.setData(points.map(([time, value]) => ({ time: toChartTime(time), value })));
          live.current = { view, series, lastTime: points.at(-1)?.[0] ?? 0, bar: null };
        } else {
          const { rise, fall } = marketColours();
          const series = chart.addSeries(lib.CandlestickSeries, {
            upColor: rise,
            downColor: fall,
            borderVisible: false,
            wickUpColor: rise,
            wickDownColor: fall,
            ...LIVE_PRICE,
          });
          const bars: Bar[] = (
            data as { items: { time: string; open: string; high: string; low: string; close: string }[] }
          ).items
            .map((c) => ({
              start: seconds(c.time),
              open: Number(c.open),
              high: Number(c.high),
              low: Number(c.low),
              close: Number(c.close),
            }))
            .sort((a, b) => a.start - b.start)
            .filter((bar, i, all) => i === 0 || bar.start > (all[i - 1] as Bar).start);
          series.setData(bars.map(({ start, ...ohlc }) => ({ time: toChartTime(start), ...ohlc })));
          const last = bars.at(-1) ?? null;
          live.current = { view, series, lastTime: last?.start ?? 0, bar: last };
        }
        chart.timeScale().fitContent();
        setStatus("ready");
      } catch (error) {
        if (!cancelled && !(error instanceof DOMException && error.name === "AbortError")) setStatus("error");
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      live.current = null;
      chart?.remove();
    };
  }, [symbol, precision, view, attempt, locale]);

  useEffect(() => {
    const state = live.current;
    if (!tick || !state) return;
    const at = seconds(tick.time);
    const price = Number(tick.price);
    if (state.view === "line") {
      if (at < state.lastTime) return;
      (state.series as ISeriesApi<"Line">).update({ time: toChartTime(at), value: price });
      state.lastTime = at;
      return;
    }
    const size = INTERVAL_SECONDS[state.view];
    const start = Math.floor(at / size) * size;
    const bar = state.bar;
    let next: Bar;
    if (bar && bar.start === start)
      next = { ...bar, high: Math.max(bar.high, price), low: Math.min(bar.low, price), close: price };
    else if (!bar || start > bar.start) next = { start, open: price, high: price, low: price, close: price };
    else return;
    state.bar = next;
    const { start: s, ...ohlc } = next;
    (state.series as ISeriesApi<"Candlestick">).update({ time: toChartTime(s), ...ohlc });
  }, [tick]);

  return (
    <div className="detail-chart" data-testid="detail-chart" data-status={status}>
      <div ref={box} className="detail-chart__canvas" />
      {status === "loading" ? <div className="chart-overlay">{t("common.loading")}</div> : null}
      {status === "error" ? (
        <button type="button" className="chart-overlay" onClick={() => setAttempt((n) => n + 1)}>
          {t("trading.chartFailed")}
        </button>
      ) : null}
    </div>
  );
}

/** A rise's and a fall's colours as the page shows them (they follow the language: riseColourOf, styles/global.css). */
function marketColours(): { rise: string; fall: string } {
  const style = getComputedStyle(document.documentElement);
  return {
    rise: style.getPropertyValue("--tf-rise").trim() || "#0a7d46",
    fall: style.getPropertyValue("--tf-fall").trim() || "#cc2f36",
  };
}
