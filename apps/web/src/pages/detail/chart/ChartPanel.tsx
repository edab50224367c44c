import type { Product, Tick } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOpenContracts } from "../../../api/trading";
import { Chip } from "../../../components/Chip/Chip";
import { PriceChart } from "../PriceChart";
import {
  CHART_STYLES,
  CHART_VIEWS,
  type ChartPrefs,
  INDICATORS,
  type Indicator,
  readChartPrefs,
  writeChartPrefs,
} from "./chart-prefs";
import { nameWithLabel, spokenPeriod } from "./period-names";
import { openMarks } from "./position-marks";

/** Short names the chart kits use in every language. */
const INDICATOR_LABEL: Record<Indicator, string> = {
  ma: "MA",
  ema: "EMA",
  boll: "BOLL",
  vol: "VOL",
  macd: "MACD",
  rsi: "RSI",
};

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/**
 * The chart with its choices: the period (the tick line or an interval), candles or a line, and the
 * indicators, all kept on the device. A chunk of its own, loaded when the detail page shows the chart.
 */
export default function ChartPanel({ product, tick }: { product: Product; tick: Tick | null }) {
  const { t, i18n } = useTranslation();
  const [prefs, setPrefs] = useState<ChartPrefs>(() => {
    const store = storage();
    return store ? readChartPrefs(store) : readChartPrefs({ getItem: () => null });
  });
  // The query the positions list reads: the same cache, no second request.
  const open = useOpenContracts();
  const marks = openMarks(open.data?.items ?? [], product.symbol);

  const change = (next: Partial<ChartPrefs>) => {
    const merged = { ...prefs, ...next };
    setPrefs(merged);
    const store = storage();
    if (store) writeChartPrefs(store, merged);
  };
  const toggle = (indicator: Indicator) =>
    change({
      indicators: prefs.indicators.includes(indicator)
        ? prefs.indicators.filter((i) => i !== indicator)
        : INDICATORS.filter((i) => i === indicator || prefs.indicators.includes(i)),
    });

  return (
    <>
      <div className="detail-views" role="tablist" aria-label={t("trading.chart")}>
        {CHART_VIEWS.map((value) => (
          <Chip
            key={value}
            role="tab"
            active={prefs.view === value}
            aria-selected={prefs.view === value}
            aria-label={nameWithLabel(t(`trading.chartPeriod.${value}`), spokenPeriod(value, i18n.language))}
            data-testid={`detail-view-${value}`}
            onClick={() => change({ view: value })}
          >
            {t(`trading.chartPeriod.${value}`)}
          </Chip>
        ))}
      </div>
      <PriceChart
        symbol={product.symbol}
        precision={product.precision}
        view={prefs.view}
        style={prefs.style}
        indicators={prefs.indicators}
        marks={marks}
        tick={tick}
      />
      <div className="detail-chart-tools">
        <fieldset className="detail-chart-tools__group" aria-label={t("trading.chartType")}>
          {CHART_STYLES.map((value) => (
            <Chip
              key={value}
              active={prefs.view !== "line" && prefs.style === value}
              aria-pressed={prefs.style === value}
              disabled={prefs.view === "line"}
              data-testid={`chart-style-${value}`}
              onClick={() => change({ style: value })}
            >
              {t(`trading.chartStyle.${value}`)}
            </Chip>
          ))}
        </fieldset>
        <fieldset className="detail-chart-tools__group" aria-label={t("trading.indicators")}>
          {INDICATORS.map((indicator) => (
            <Chip
              key={indicator}
              active={prefs.indicators.includes(indicator)}
              aria-pressed={prefs.indicators.includes(indicator)}
              aria-label={nameWithLabel(INDICATOR_LABEL[indicator], t(`trading.indicatorName.${indicator}`))}
              title={t(`trading.indicatorName.${indicator}`)}
              data-testid={`chart-indicator-${indicator}`}
              onClick={() => toggle(indicator)}
            >
              {INDICATOR_LABEL[indicator]}
            </Chip>
          ))}
        </fieldset>
      </div>
    </>
  );
}
