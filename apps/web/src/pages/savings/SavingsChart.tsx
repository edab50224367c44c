import type { SavingsDay } from "@tickfair/contract";
import type { AutoscaleInfo, IChartApi } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHART_GRID_COLOR, chartLayout } from "../../lib/chart-look";

/**
 * The last 30 days: the saver's daily income as bars (right scale) and the 7-day annualised yield as a
 * line (left scale). lightweight-charts is imported when the chart first mounts, as on the trading
 * detail page, so it stays out of the page's own chunk.
 */
export function SavingsChart({ days }: { days: readonly SavingsDay[] | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!days || days.length === 0) return;
    let cancelled = false;
    let chart: IChartApi | null = null;
    setStatus("loading");
    void attempt;
    (async () => {
      try {
        const lib = await import("lightweight-charts");
        const container = box.current;
        if (cancelled || !container) return;
        const colours = getComputedStyle(container);
        const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const percent = new Intl.NumberFormat(locale, {
          style: "percent",
          minimumFractionDigits: 2,
          maximumFractionDigits: 3,
        });
        chart = lib.createChart(container, {
          autoSize: true,
          layout: chartLayout(10),
          grid: { vertLines: { visible: false }, horzLines: { color: CHART_GRID_COLOR } },
          leftPriceScale: { visible: true, borderVisible: false },
          rightPriceScale: { borderVisible: false },
          timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
          localization: { locale },
          handleScale: false,
          handleScroll: false,
        });
        const income = chart.addSeries(lib.HistogramSeries, {
          color: colours.getPropertyValue("--savings-income").trim(),
          priceLineVisible: false,
          lastValueVisible: false,
          // Income is never negative; the scale's padding below zero would otherwise read "-0.00".
          priceFormat: {
            type: "custom",
            minMove: 0.01,
            formatter: (value: number) => money.format(Math.max(0, value)),
          },
          // Bars stand on zero: with no income yet the scale shows a cent, not negative amounts.
          autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => ({
            priceRange: { minValue: 0, maxValue: Math.max(original()?.priceRange?.maxValue ?? 0, 0.01) },
          }),
        });
        income.setData(days.map((day) => ({ time: day.date, value: Number(day.income) })));
        const yieldLine = chart.addSeries(lib.LineSeries, {
          color: colours.getPropertyValue("--savings-yield").trim(),
          lineWidth: 2,
          priceScaleId: "left",
          priceLineVisible: false,
          lastValueVisible: false,
          priceFormat: {
            type: "custom",
            minMove: 0.001,
            formatter: (value: number) => percent.format(value / 100),
          },
        });
        yieldLine.setData(days.map((day) => ({ time: day.date, value: Number(day.sevenDayYield) })));
        chart.timeScale().fitContent();
        setStatus("ready");
      } catch {
        if (!cancelled) setStatus("error");
      }
    })();
    return () => {
      cancelled = true;
      chart?.remove();
    };
  }, [days, attempt, locale]);

  if (days && days.length === 0) return <p className="cashier-note">{t("market.noData")}</p>;

  return (
    <>
      <div className="savings-chart" data-testid="savings-chart" data-status={days ? status : "loading"}>
        <div ref={box} className="savings-chart__canvas" />
        {!days || status === "loading" ? <div className="chart-overlay">{t("common.loading")}</div> : null}
        {status === "error" ? (
          <button type="button" className="chart-overlay" onClick={() => setAttempt((n) => n + 1)}>
            {t("savings.chartFailed")}
          </button>
        ) : null}
      </div>
      <ul className="savings-legend">
        <li>
          <span className="savings-legend__income">■</span> {t("savings.chartIncome")}
        </li>
        <li>
          <span className="savings-legend__yield">■</span> {t("savings.chartYield")}
        </li>
      </ul>
    </>
  );
}
