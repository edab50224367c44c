import type { Product, Tick } from "@tickfair/contract";
import { lazy, Suspense } from "react";

/** The chart and its choices load after the page: the detail page's own first load stays small. */
const ChartPanel = lazy(() => import("./chart/ChartPanel"));

const placeholder = <div className="detail-chart detail-chart--placeholder" data-status="loading" />;

/** The price chart with its periods, styles and indicators. */
export function ChartCard({ product, tick }: { product: Product; tick: Tick | null }) {
  return (
    <section className="card detail-card detail-chart-card">
      <Suspense fallback={placeholder}>
        <ChartPanel product={product} tick={tick} />
      </Suspense>
    </section>
  );
}

/** The chart's card while the product itself loads: as tall as the chart will be. */
export function ChartSkeleton() {
  return <section className="card detail-card detail-chart-card">{placeholder}</section>;
}
