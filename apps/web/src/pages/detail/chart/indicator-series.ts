import type { IChartApi, ISeriesApi, LineWidth, SeriesType, UTCTimestamp } from "lightweight-charts";
import type { Indicator } from "./chart-prefs";
import { bollinger, ema, type Line, macd, rsi, sma } from "./indicators";

/** One bar of the chart, at its chart time (the browser's clock, see PriceChart). */
export interface ChartBar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Traded volume; null on the tick line, whose points carry none. */
  volume: number | null;
}

/** The library's series kinds, handed in so this chunk does not pull the library in a second time. */
export interface SeriesKinds {
  LineSeries: Parameters<IChartApi["addSeries"]>[0];
  HistogramSeries: Parameters<IChartApi["addSeries"]>[0];
}

/** A name in a pane's corner, in its line's colour, so a reader knows which line is which. */
export interface LegendItem {
  pane: number;
  label: string;
  color: string;
}

export interface DrawnIndicators {
  /** Sub-panes added under the price (the chart's box grows by that many). */
  panes: number;
  legend: LegendItem[];
  update(bars: readonly ChartBar[]): void;
  remove(): void;
}

/** The periods drawn: docs/decisions/0071-full-chart.md. */
export const PERIODS = {
  ma: [5, 10, 20],
  ema: [12, 26],
  boll: [20, 2],
  macd: [12, 26, 9],
  rsi: [14],
} as const;

const COLOURS = ["#f0a30a", "#8e44ad", "#1f9bd1"] as const;
const EMA_COLOURS = ["#e0567a", "#16a085"] as const;
const BAND_COLOUR = "#7f8c8d";
const THIN = { lineWidth: 1 as LineWidth, priceLineVisible: false, lastValueVisible: false };
const SUB_PANE_HEIGHT = 80;

interface Drawn {
  series: ISeriesApi<SeriesType>;
  values: (bars: readonly ChartBar[]) => { time: UTCTimestamp; value: number; color?: string }[];
}

const points = (bars: readonly ChartBar[], line: Line) =>
  bars.flatMap((bar, i) => {
    const value = line[i];
    return value === null || value === undefined ? [] : [{ time: bar.time, value }];
  });

const closes = (bars: readonly ChartBar[]) => bars.map((bar) => bar.close);

/**
 * Adds the series of the chosen indicators: MA, EMA and BOLL over the price, volume, MACD and RSI each
 * in a pane of its own (volume only where the bars carry one).
 */
export function drawIndicators(
  kinds: SeriesKinds,
  chart: IChartApi,
  chosen: readonly Indicator[],
  hasVolume: boolean,
  colours: { rise: string; fall: string },
): DrawnIndicators {
  const drawn: Drawn[] = [];
  const legend: LegendItem[] = [];
  let pane = 0;
  const name = (label: string, color: string) => legend.push({ pane, label, color });
  const line = (paneIndex: number, color: string, values: Drawn["values"]) => {
    drawn.push({ series: chart.addSeries(kinds.LineSeries, { ...THIN, color }, paneIndex), values });
  };
  const histogram = (paneIndex: number, values: Drawn["values"]) => {
    drawn.push({ series: chart.addSeries(kinds.HistogramSeries, { ...THIN }, paneIndex), values });
  };
  for (const indicator of chosen) {
    if (indicator === "ma")
      for (const [i, n] of PERIODS.ma.entries()) {
        line(0, COLOURS[i] as string, (bars) => points(bars, sma(closes(bars), n)));
        name(`MA${n}`, COLOURS[i] as string);
      }
    if (indicator === "ema")
      for (const [i, n] of PERIODS.ema.entries()) {
        line(0, EMA_COLOURS[i] as string, (bars) => points(bars, ema(closes(bars), n)));
        name(`EMA${n}`, EMA_COLOURS[i] as string);
      }
    if (indicator === "boll") {
      const [n, k] = PERIODS.boll;
      for (const band of ["upper", "middle", "lower"] as const)
        line(0, BAND_COLOUR, (bars) => points(bars, bollinger(closes(bars), n, k)[band]));
      name(`BOLL(${n}, ${k})`, BAND_COLOUR);
    }
    if (indicator === "vol" && hasVolume) {
      pane += 1;
      name("VOL", "#8a90a0");
      histogram(pane, (bars) =>
        bars.map((bar) => ({
          time: bar.time,
          value: bar.volume ?? 0,
          color: bar.close >= bar.open ? colours.rise : colours.fall,
        })),
      );
    }
    if (indicator === "macd") {
      pane += 1;
      const [fast, slow, signal] = PERIODS.macd;
      name(`MACD(${fast}, ${slow}, ${signal})`, "#8a90a0");
      name("DIF", COLOURS[0]);
      name("DEA", COLOURS[1]);
      const of = (bars: readonly ChartBar[]) => macd(closes(bars), fast, slow, signal);
      histogram(pane, (bars) =>
        points(bars, of(bars).histogram).map((p) => ({
          ...p,
          color: p.value >= 0 ? colours.rise : colours.fall,
        })),
      );
      line(pane, COLOURS[0], (bars) => points(bars, of(bars).macd));
      line(pane, COLOURS[1], (bars) => points(bars, of(bars).signal));
    }
    if (indicator === "rsi") {
      pane += 1;
      const [n] = PERIODS.rsi;
      name(`RSI${n}`, COLOURS[1]);
      line(pane, COLOURS[1], (bars) => points(bars, rsi(closes(bars), n)));
      const rsiSeries = drawn.at(-1)?.series;
      for (const level of [30, 70])
        rsiSeries?.createPriceLine({
          price: level,
          color: "#c0c4cc",
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: false,
        });
    }
  }
  for (const [index, each] of chart.panes().entries()) if (index > 0) each.setHeight(SUB_PANE_HEIGHT);
  return {
    panes: pane,
    legend,
    update(bars) {
      for (const each of drawn) each.series.setData(each.values(bars));
    },
    remove() {
      for (const each of drawn) chart.removeSeries(each.series);
      for (let index = chart.panes().length - 1; index > 0; index--) chart.removePane(index);
    },
  };
}
