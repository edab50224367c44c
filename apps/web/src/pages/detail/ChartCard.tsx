import type { Product, Tick } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Chip } from "../../components/Chip/Chip";
import { CHART_VIEWS, PriceChart } from "./PriceChart";

/** The price chart with its views: the live line or candles of one interval. */
export function ChartCard({ product, tick }: { product: Product; tick: Tick | null }) {
  const { t } = useTranslation();
  const [view, setView] = useState<(typeof CHART_VIEWS)[number]>("line");
  return (
    <section className="card detail-card detail-chart-card">
      <div className="detail-views" role="tablist" aria-label={t("trading.chart")}>
        {CHART_VIEWS.map((value) => (
          <Chip
            key={value}
            role="tab"
            active={view === value}
            aria-selected={view === value}
            data-testid={`detail-view-${value}`}
            onClick={() => setView(value)}
          >
            {value === "line" ? t("trading.line") : value}
          </Chip>
        ))}
      </div>
      <PriceChart symbol={product.symbol} precision={product.precision} view={view} tick={tick} />
    </section>
  );
}
