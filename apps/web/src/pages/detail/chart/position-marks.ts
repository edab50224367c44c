import type { Contract } from "@tickfair/contract";
import type { IChartApi, IPriceLine, ISeriesApi, SeriesType, UTCTimestamp } from "lightweight-charts";

/** An open contract as the chart marks it: its entry price, its direction and when it expires. */
export interface OpenMark {
  id: string;
  direction: Contract["direction"];
  entry: number;
  /** UTC seconds. */
  expiresAt: number;
}

/** The contracts of `symbol` whose entry is known, as the chart marks them. */
export function openMarks(contracts: readonly Contract[], symbol: string): OpenMark[] {
  return contracts.flatMap((c) =>
    c.symbol === symbol && c.entry && c.expiresAt
      ? [
          {
            id: c.id,
            direction: c.direction,
            entry: Number(c.entry.price),
            expiresAt: Math.floor(Date.parse(c.expiresAt) / 1000),
          },
        ]
      : [],
  );
}

/** The start of the bar holding `at`, for bars `step` seconds apart from `last` (a bar's start). */
export const barOf = (at: number, last: number, step: number) => last + Math.floor((at - last) / step) * step;

/**
 * The starts (UTC seconds) of the bars still to come up to the one holding the latest expiry, after the
 * last bar `last`: blank places on the time axis, so an expiry ahead of the price has an x of its own.
 * At most `limit`.
 */
export function barsAhead(last: number, step: number, expiries: readonly number[], limit = 600): number[] {
  const target = barOf(Math.max(last, ...expiries), last, step);
  const count = Math.min((target - last) / step, limit);
  return Array.from({ length: count }, (_, i) => last + (i + 1) * step);
}

/** A dashed line at each entry price, marked ▲ or ▼ on the price axis. */
export function drawEntryLines(
  series: ISeriesApi<SeriesType>,
  marks: readonly OpenMark[],
  colours: { rise: string; fall: string },
): () => void {
  const lines: IPriceLine[] = marks.map((mark) =>
    series.createPriceLine({
      price: mark.entry,
      color: mark.direction === "up" ? colours.rise : colours.fall,
      lineWidth: 1,
      lineStyle: 2,
      axisLabelVisible: true,
      title: mark.direction === "up" ? "▲" : "▼",
    }),
  );
  return () => {
    for (const line of lines) series.removePriceLine(line);
  };
}

/** The x of a chart time, or null when it is off the chart. */
export function xOf(chart: IChartApi, time: UTCTimestamp): number | null {
  return chart.timeScale().timeToCoordinate(time);
}
