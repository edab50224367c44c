import type { Tick } from "@tickfair/contract";
import type { IChartApi, ISeriesApi, SeriesType } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchCandles, fetchTicks } from "../../api/trading";
import { CHART_GRID_COLOR, chartLayout } from "../../lib/chart-look";
import type { ChartStyle, ChartView, Indicator } from "./chart/chart-prefs";
import type { LegendItem } from "./chart/indicator-series";
import { barOf, barsAhead, drawEntryLines, type OpenMark, xOf } from "./chart/position-marks";
import { chartTickLabel } from "./chart-format";
import {
  BASE_HEIGHT,
  type Bar,
  type Built,
  chartBars,
  drawBars,
  INTERVAL_SECONDS,
  LIVE_PRICE,
  marketColours,
  SUB_PANE_HEIGHT,
  seconds,
  toChartTime,
} from "./price-chart-draw";

/**
 * Recent ticks as a line, or bars of an interval as candles or a line of closes; the latest tick is
 * added as it arrives. Indicators and the user's open contracts are drawn over it. lightweight-charts
 * is imported here only, when the chart first mounts (a chunk of its own), and the indicators' code
 * only when one is turned on.
 */
export function PriceChart({
  symbol,
  precision,
  view,
  style,
  indicators,
  marks,
  tick,
}: {
  symbol: string;
  precision: number;
  view: ChartView;
  style: ChartStyle;
  indicators: readonly Indicator[];
  marks: readonly OpenMark[];
  tick: Tick | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const built = useRef<Built | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);
  /** Bumped when a chart is built, so the overlays are drawn again on the new one. */
  const [generation, setGeneration] = useState(0);
  const [subPanes, setSubPanes] = useState(0);
  const [legend, setLegend] = useState<LegendItem[]>([]);
  /** Each pane's top within the chart's box, for its legend. */
  const [paneTops, setPaneTops] = useState<number[]>([]);
  const [expiryXs, setExpiryXs] = useState<
    { id: string; x: number; up: boolean; at: number; height: number }[]
  >([]);
  const lineStyle: ChartStyle = view === "line" ? "line" : style;
  const indicatorKey = indicators.join(",");
  const marksKey = marks.map((m) => `${m.id}:${m.entry}:${m.expiresAt}`).join(",");
  const marksRef = useRef(marks);
  marksRef.current = marks;

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
            timeVisible: view !== "1d" && view !== "1w",
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
        let bars: Bar[];
        if ("items" in data && view === "line") {
          const bySecond = new Map<number, number>();
          for (const item of (data as { items: Tick[] }).items)
            bySecond.set(seconds(item.time), Number(item.price));
          bars = [...bySecond]
            .sort((a, b) => a[0] - b[0])
            .map(([start, price]) => ({
              start,
              open: price,
              high: price,
              low: price,
              close: price,
              volume: null,
            }));
        } else {
          bars = (
            data as {
              items: {
                time: string;
                open: string;
                high: string;
                low: string;
                close: string;
                volume: string;
              }[];
            }
          ).items
            .map((c) => ({
              start: seconds(c.time),
              open: Number(c.open),
              high: Number(c.high),
              low: Number(c.low),
              close: Number(c.close),
              volume: Number(c.volume),
            }))
            .sort((a, b) => a.start - b.start)
            .filter((bar, i, all) => i === 0 || bar.start > (all[i - 1] as Bar).start);
        }
        const { rise, fall } = marketColours();
        const series =
          lineStyle === "line"
            ? chart.addSeries(lib.LineSeries, { color: "#3a6cf4", lineWidth: 2, ...LIVE_PRICE })
            : chart.addSeries(lib.CandlestickSeries, {
                upColor: rise,
                downColor: fall,
                borderVisible: false,
                wickUpColor: rise,
                wickDownColor: fall,
                ...LIVE_PRICE,
              });
        const state: Built = {
          lib,
          chart,
          series,
          step: view === "line" ? 1 : INTERVAL_SECONDS[view],
          bars,
          indicators: null,
        };
        drawBars(state, lineStyle);
        chart.timeScale().fitContent();
        built.current = state;
        setGeneration((n) => n + 1);
        setStatus("ready");
      } catch (error) {
        if (!cancelled && !(error instanceof DOMException && error.name === "AbortError")) setStatus("error");
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      built.current = null;
      chart?.remove();
    };
  }, [symbol, precision, view, lineStyle, attempt, locale]);

  // The indicators, on the chart just built; their code is fetched the first time one is on.
  useEffect(() => {
    void generation;
    const state = built.current;
    const chosen = indicatorKey === "" ? [] : (indicatorKey.split(",") as Indicator[]);
    if (!state || chosen.length === 0) {
      setSubPanes(0);
      setLegend([]);
      return;
    }
    let cancelled = false;
    void import("./chart/indicator-series").then(({ drawIndicators }) => {
      if (cancelled || built.current !== state) return;
      const drawn = drawIndicators(
        { LineSeries: state.lib.LineSeries, HistogramSeries: state.lib.HistogramSeries },
        state.chart,
        chosen,
        view !== "line",
        marketColours(),
      );
      drawn.update(chartBars(state.bars));
      state.indicators = drawn;
      setSubPanes(drawn.panes);
      setLegend(drawn.legend);
    });
    return () => {
      cancelled = true;
      if (built.current === state && state.indicators) {
        state.indicators.remove();
        state.indicators = null;
      }
    };
  }, [generation, indicatorKey, view]);

  // Where each pane starts, measured whenever the chart's box changes size (a pane added or removed).
  useEffect(() => {
    void generation;
    void legend;
    const state = built.current;
    const container = box.current;
    if (!state || !container) return;
    const measure = () => {
      const top = container.getBoundingClientRect().top;
      setPaneTops(
        state.chart.panes().map((pane) => (pane.getHTMLElement()?.getBoundingClientRect().top ?? top) - top),
      );
    };
    measure();
    const observer = new ResizeObserver(() => requestAnimationFrame(measure));
    observer.observe(container);
    return () => observer.disconnect();
  }, [generation, legend]);

  // The open contracts: a line at each entry price, and room on the time axis up to their expiries.
  useEffect(() => {
    void generation;
    void marksKey;
    const state = built.current;
    const current = marksRef.current;
    if (!state || current.length === 0) {
      setExpiryXs([]);
      return;
    }
    const removeLines = drawEntryLines(state.series as ISeriesApi<SeriesType>, current, marketColours());
    const last = state.bars.at(-1)?.start ?? Math.floor(Date.now() / 1000);
    // Blank points only: they place the time axis's bars ahead, and draw nothing.
    const ahead = state.chart.addSeries(state.lib.LineSeries, {
      color: "transparent",
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    ahead.setData(
      barsAhead(
        last,
        state.step,
        current.map((m) => m.expiresAt),
      ).map((start) => ({ time: toChartTime(start) })),
    );
    state.chart.timeScale().fitContent();
    const place = () => {
      const lastNow = state.bars.at(-1)?.start ?? last;
      const height = state.chart.panes()[0]?.getHeight() ?? BASE_HEIGHT;
      // The plot's right edge: a bar past it (the library keeps the last data bar at the edge, not a
      // blank one) is marked on the edge rather than over the price axis's labels.
      const edge = state.chart.timeScale().width() - 1;
      setExpiryXs(
        current.flatMap((m) => {
          const x = xOf(state.chart, toChartTime(barOf(m.expiresAt, lastNow, state.step)));
          return x === null
            ? []
            : [{ id: m.id, x: Math.min(x, edge), up: m.direction === "up", at: m.expiresAt, height }];
        }),
      );
    };
    place();
    const timeScale = state.chart.timeScale();
    timeScale.subscribeVisibleLogicalRangeChange(place);
    timeScale.subscribeSizeChange(place);
    return () => {
      timeScale.unsubscribeVisibleLogicalRangeChange(place);
      timeScale.unsubscribeSizeChange(place);
      if (built.current !== state) return;
      removeLines();
      state.chart.removeSeries(ahead);
    };
  }, [generation, marksKey]);

  useEffect(() => {
    const state = built.current;
    if (!tick || !state) return;
    const at = seconds(tick.time);
    const price = Number(tick.price);
    const bar = state.bars.at(-1);
    // With no bar served yet, the first is placed from the epoch (exact for intervals up to an hour).
    const start = barOf(at, bar?.start ?? 0, state.step);
    if (bar && start < bar.start) return;
    const next: Bar =
      bar && bar.start === start
        ? { ...bar, high: Math.max(bar.high, price), low: Math.min(bar.low, price), close: price }
        : { start, open: price, high: price, low: price, close: price, volume: view === "line" ? null : 0 };
    if (bar && bar.start === start) state.bars[state.bars.length - 1] = next;
    else state.bars.push(next);
    const { start: s, ...ohlc } = next;
    if (lineStyle === "line")
      (state.series as ISeriesApi<"Line">).update({ time: toChartTime(s), value: price });
    else (state.series as ISeriesApi<"Candlestick">).update({ time: toChartTime(s), ...ohlc });
    state.indicators?.update(chartBars(state.bars));
  }, [tick, lineStyle, view]);

  return (
    <div
      className="detail-chart"
      data-testid="detail-chart"
      data-status={status}
      data-panes={subPanes}
      data-marks={marks.length}
      style={{ height: BASE_HEIGHT + subPanes * SUB_PANE_HEIGHT }}
    >
      <div ref={box} className="detail-chart__canvas" />
      {[...new Set(legend.map((item) => item.pane))].map((pane) => (
        <div
          key={pane}
          className="detail-chart__legend"
          data-testid="chart-legend"
          style={{ top: (paneTops[pane] ?? 0) + 2 }}
        >
          {legend
            .filter((item) => item.pane === pane)
            .map((item) => (
              <span key={item.label} style={{ color: item.color }}>
                {item.label}
              </span>
            ))}
        </div>
      ))}
      {expiryXs.map((e) => (
        <span
          key={e.id}
          className={`detail-chart__expiry detail-chart__expiry--${e.up ? "up" : "down"}`}
          data-testid="chart-expiry"
          style={{ left: e.x, height: e.height }}
          title={t("trading.chartExpiry", {
            time: new Date(e.at * 1000).toLocaleTimeString(locale, { hourCycle: "h23" }),
          })}
        />
      ))}
      {status === "loading" ? <div className="chart-overlay">{t("common.loading")}</div> : null}
      {status === "error" ? (
        <button type="button" className="chart-overlay" onClick={() => setAttempt((n) => n + 1)}>
          {t("trading.chartFailed")}
        </button>
      ) : null}
    </div>
  );
}
